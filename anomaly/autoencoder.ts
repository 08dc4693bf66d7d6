/** Autoencoder (placeholder types; implementation follows). */
export interface AutoencoderJson {
  feats: string[];
  hidden: number[];
  weights: number[][];
  biases: number[][];
  min: number[];
  range: number[];
  threshold: number;
  margin: number;
  val_loss: number;
  seed: number;
}
