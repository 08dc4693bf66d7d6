/**
 * ROC-AUC by the rank-sum (Mann–Whitney) formula with tied ranks averaged,
 * which equals scikit-learn's roc_auc_score. Higher `scores` must mean "more
 * anomalous" for label 1.
 */
export function rocAuc(scores: ArrayLike<number>, labels: ArrayLike<number>): number {
  const n = scores.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => scores[a] - scores[b]);
  let positives = 0;
  let rankSum = 0;
  for (let i = 0; i < n; ) {
    let j = i;
    while (j + 1 < n && scores[order[j + 1]] === scores[order[i]]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (labels[order[k]] === 1) {
        positives++;
        rankSum += rank;
      }
    }
    i = j + 1;
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}
