// The part of the anomaly service that the HTTP API calls. It lives apart from
// routes.ts so the route modules (alertRoutes, batch, feedback), the servers
// and the test doubles can name it without importing the app that mounts them.
import type { AnomalyService } from "../../anomaly";

export type AnomalyApi = Pick<
  AnomalyService,
  | "detect"
  | "detectOnly"
  | "forceTrain"
  | "reset"
  | "deleteModel"
  | "listModels"
  | "metadata"
  | "data"
  | "storedAnswer"
  | "setSchedule"
  | "finetune"
  | "setMargin"
  | "setFalseAlarmRate"
  | "setAlertQuiet"
  | "trainAutoencoder"
  | "batch"
  | "batchEncoded"
  | "exportModel"
  | "importModel"
  | "importStream"
  | "feedback"
  | "addFeedback"
  | "addMaintenance"
  | "removeFeedback"
  | "onRetrain"
>;
