#!/usr/bin/env python3
"""The benchmark forward of bench/forward, written as the lesson writes it in NumPy.

Full multi-head self-attention in matrix mode, float64: projections, every head
at once through reshape/transpose, scaled scores, a stable softmax, weights
times values, the heads' mean weights, the concatenation and Wo. No mask,
temperature 1. Shapes and options are those of bench/forward (values are
random: timings do not depend on them).

Usage: forward_numpy.py [--repeat R] [--min-time S] n,d_model,heads ...

Prints one JSON object: {"numpy": version, "python": version, "blas": [the BLAS
and LAPACK libraries loaded], "results": [...]},
each result {"name", "n", "d_model", "heads", "ns_per_op": [one per repeat],
"number"}. Each repeat times `number` forwards with timeit, `number` chosen so
that one repeat lasts at least --min-time seconds. Where NumPy is missing it
prints {"error": ...} and exits 0.
"""

import argparse
import json
import platform
import sys
import timeit

try:
    import numpy as np
except ImportError as err:  # the caller reports it in the table
    print(json.dumps({"error": "NumPy is not installed for %s: %s" % (sys.executable, err),
                      "python": platform.python_version()}))
    sys.exit(0)


def forward(x, wq, wk, wv, wo, heads):
    """Multi-head self-attention; returns the output and every head's weights."""
    n = x.shape[0]
    q, k, v = x @ wq, x @ wk, x @ wv                      # (n, heads·d_k)
    d_k = q.shape[1] // heads
    d_v = v.shape[1] // heads
    q = q.reshape(n, heads, d_k).transpose(1, 0, 2)       # (heads, n, d_k)
    k = k.reshape(n, heads, d_k).transpose(1, 0, 2)
    v = v.reshape(n, heads, d_v).transpose(1, 0, 2)
    scores = q @ k.transpose(0, 2, 1)                     # (heads, n, n), raw
    s = scores / np.sqrt(d_k)
    s = s - s.max(axis=-1, keepdims=True)                 # stable softmax
    weights = np.exp(s)
    weights /= weights.sum(axis=-1, keepdims=True)
    heads_out = weights @ v                               # (heads, n, d_v)
    concat = heads_out.transpose(1, 0, 2).reshape(n, heads * d_v)
    return concat @ wo, scores, weights, weights.mean(axis=0)


def measure(n, d_model, heads, repeat, min_time):
    rng = np.random.default_rng(1)
    x = rng.uniform(-1, 1, (n, d_model))
    wq, wk, wv, wo = (rng.uniform(-1, 1, (d_model, d_model)) for _ in range(4))
    timer = timeit.Timer(lambda: forward(x, wq, wk, wv, wo, heads))
    timer.timeit(1)  # warm up
    number = 1
    while True:
        t = timer.timeit(number)
        if t >= min_time:
            break
        number = max(number + 1, int(number * min(10.0, 1.2 * min_time / max(t, 1e-9))))
    times = timer.repeat(repeat=repeat, number=number)
    return {
        "name": "n%d_d%d_h%d" % (n, d_model, heads),
        "n": n, "d_model": d_model, "heads": heads,
        "number": number,
        "ns_per_op": [t / number * 1e9 for t in times],
    }


def blas_libraries():
    """The BLAS and LAPACK libraries that NumPy loaded (Linux), or []."""
    try:
        with open("/proc/self/maps") as maps:
            return sorted({line.split()[-1] for line in maps
                           if "blas" in line.lower() or "lapack" in line.lower()})
    except OSError:
        return []


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--min-time", type=float, default=0.2)
    p.add_argument("sizes", nargs="+", help="n,d_model,heads")
    args = p.parse_args()
    results = []
    for size in args.sizes:
        n, d_model, heads = (int(v) for v in size.split(","))
        results.append(measure(n, d_model, heads, args.repeat, args.min_time))
    print(json.dumps({"numpy": np.__version__, "python": platform.python_version(),
                      "blas": blas_libraries(), "results": results}))


if __name__ == "__main__":
    main()
