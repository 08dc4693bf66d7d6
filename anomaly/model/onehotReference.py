"""scikit-learn's reference for anomaly/onehot.test.ts.

One numeric column next to k one-hot columns (k = 1, 3, 10): 300 training
rows whose category cycles through the k values, then one outlier far outside
the numeric range in category 0. Prints, per k, the outlier's
decision_function averaged over IsolationForest seeds 0-4 (100 trees, 256
samples, contamination "auto") as one JSON object {"1": ..., "3": ..., "10": ...}.
The TypeScript test builds the same rows (the formulas must stay in step).
"""
import json

import numpy as np
from sklearn.ensemble import IsolationForest

N = 300


def rows(k):
    x = np.zeros((N, 1 + k))
    for i in range(N):
        x[i, 0] = 200 + (i * 37) % 23 + 0.01 * (i % 11)
        x[i, 1 + i % k] = 1
    outlier = np.zeros((1, 1 + k))
    outlier[0, 0] = 9000
    outlier[0, 1] = 1
    return x, outlier


out = {}
for k in (1, 3, 10):
    x, outlier = rows(k)
    values = []
    for seed in range(5):
        forest = IsolationForest(n_estimators=100, max_samples=256, random_state=seed).fit(x)
        values.append(float(forest.decision_function(outlier)[0]))
    out[str(k)] = sum(values) / len(values)
print(json.dumps(out))
