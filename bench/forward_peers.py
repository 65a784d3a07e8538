#!/usr/bin/env python3
"""The benchmark forward of bench/forward in NumPy or in PyTorch (on the CPU).

Full multi-head self-attention in matrix mode, float64, as the lesson writes
it: projections, every head at once through reshape/transpose, raw and scaled
scores, a softmax, weights times values, the heads' mean weights, the
concatenation and Wo. No mask, temperature 1. Shapes are those of
bench/forward; values are random (timings do not depend on them).

Usage: forward_peers.py --peer numpy|torch [--repeat R] [--min-time S] n,d_model,heads ...
       forward_peers.py --selftest

Prints one JSON object: {"peer", "version", "python", "blas": what BLAS the
process loaded (library, OpenBLAS's config, core type and threads where it
says), "threads", "results": [{"name", "ns_per_op": [one per repeat],
"number"}]}. Each repeat times `number` forwards with timeit, `number` chosen
so that one repeat lasts at least --min-time seconds. Where the peer is not
installed it prints {"error": ...} and exits 0.
"""

import argparse
import ctypes
import json
import math
import platform
import sys
import timeit


def numpy_forward(np):
    """The forward in NumPy: returns f(x, wq, wk, wv, wo, heads)."""
    def forward(x, wq, wk, wv, wo, heads):
        n = x.shape[0]
        q, k, v = x @ wq, x @ wk, x @ wv                      # (n, heads·d_k)
        d_k = q.shape[1] // heads
        q = q.reshape(n, heads, d_k).transpose(1, 0, 2)       # (heads, n, d_k)
        k = k.reshape(n, heads, d_k).transpose(1, 0, 2)
        v = v.reshape(n, heads, d_k).transpose(1, 0, 2)
        scores = q @ k.transpose(0, 2, 1)                     # (heads, n, n), raw
        s = scores / np.sqrt(d_k)
        s = s - s.max(axis=-1, keepdims=True)                 # stable softmax
        weights = np.exp(s)
        weights /= weights.sum(axis=-1, keepdims=True)
        concat = (weights @ v).transpose(1, 0, 2).reshape(n, heads * d_k)
        return concat @ wo, scores, weights, weights.mean(axis=0)
    return forward


def torch_forward(torch):
    """The same forward in PyTorch's plain ops, without autograd."""
    def forward(x, wq, wk, wv, wo, heads):
        with torch.inference_mode():
            n = x.shape[0]
            q, k, v = x @ wq, x @ wk, x @ wv
            d_k = q.shape[1] // heads
            q = q.reshape(n, heads, d_k).transpose(0, 1)
            k = k.reshape(n, heads, d_k).transpose(0, 1)
            v = v.reshape(n, heads, d_k).transpose(0, 1)
            scores = q @ k.transpose(1, 2)
            weights = torch.softmax(scores / math.sqrt(d_k), dim=-1)
            concat = (weights @ v).transpose(0, 1).reshape(n, heads * d_k)
            return concat @ wo, scores, weights, weights.mean(dim=0)
    return forward


def load(peer):
    """Imports the peer; returns (version, forward, make_matrix, threads)."""
    if peer == "numpy":
        import numpy as np
        rng = np.random.default_rng(1)
        return np.__version__, numpy_forward(np), lambda r, c: rng.uniform(-1, 1, (r, c)), None
    import torch
    gen = torch.Generator().manual_seed(1)
    make = lambda r, c: torch.rand(r, c, generator=gen, dtype=torch.float64) * 2 - 1
    return torch.__version__, torch_forward(torch), make, torch.get_num_threads()


def measure(forward, make, size, repeat, min_time):
    n, d_model, heads = size
    x = make(n, d_model)
    ws = [make(d_model, d_model) for _ in range(4)]
    timer = timeit.Timer(lambda: forward(x, *ws, heads))
    timer.timeit(1)  # warm up
    number = 1
    while True:
        t = timer.timeit(number)
        if t >= min_time:
            break
        number = max(number + 1, int(number * min(10.0, 1.2 * min_time / max(t, 1e-9))))
    times = timer.repeat(repeat=repeat, number=number)
    return {"name": "n%d_d%d_h%d" % size, "number": number,
            "ns_per_op": [t / number * 1e9 for t in times]}


def blas():
    """The BLAS libraries this process loaded (Linux) and what OpenBLAS says of itself."""
    try:
        with open("/proc/self/maps") as maps:
            libs = sorted({l.split()[-1] for l in maps if "blas" in l.lower() or "lapack" in l.lower()})
    except OSError:
        libs = []
    info = {"libraries": libs}
    for path in libs:
        try:
            lib = ctypes.CDLL(path)
            lib.openblas_get_config.restype = ctypes.c_char_p
            lib.openblas_get_corename.restype = ctypes.c_char_p
            info.update(config=lib.openblas_get_config().decode(),
                        corename=lib.openblas_get_corename().decode(),
                        threads=lib.openblas_get_num_threads())
            break
        except (OSError, AttributeError):
            continue
    return info


def selftest():
    """Checks each installed peer's forward against a plain per-head, per-row
    loop on the same input; prints {"checked": [peers]} or exits 1."""
    import numpy as np
    rng = np.random.default_rng(7)
    n, d, heads = 5, 8, 2
    x, wq, wk, wv, wo = (rng.uniform(-1, 1, s) for s in [(n, d)] + [(d, d)] * 4)
    d_k = d // heads
    want_w = np.zeros((heads, n, n))
    concat = np.zeros((n, d))
    for h in range(heads):
        cols = slice(h * d_k, (h + 1) * d_k)
        q, k, v = x @ wq[:, cols], x @ wk[:, cols], x @ wv[:, cols]
        for i in range(n):
            e = [math.exp(sum(q[i] * k[j]) / math.sqrt(d_k)) for j in range(n)]
            want_w[h, i] = [ej / sum(e) for ej in e]
            concat[i, cols] = want_w[h, i] @ v
    want_out = concat @ wo
    checked = []
    for peer in ("numpy", "torch"):
        try:
            _, forward, _, _ = load(peer)
        except ImportError:
            continue
        args = [x, wq, wk, wv, wo]
        if peer == "torch":
            import torch
            args = [torch.from_numpy(a) for a in args]
        out, _, weights, mean = (np.asarray(r) for r in forward(*args, heads))
        ok = (np.allclose(out, want_out, rtol=0, atol=1e-12) and np.allclose(weights, want_w, rtol=0, atol=1e-12)
              and np.allclose(mean, want_w.mean(axis=0), rtol=0, atol=1e-12))
        if not ok:
            print(json.dumps({"error": "%s's forward differs from the per-row loop" % peer}))
            sys.exit(1)
        checked.append(peer)
    print(json.dumps({"checked": checked}))


def main():
    if sys.argv[1:] == ["--selftest"]:
        return selftest()
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--peer", choices=["numpy", "torch"], required=True)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--min-time", type=float, default=0.2)
    p.add_argument("sizes", nargs="+", help="n,d_model,heads")
    args = p.parse_args()
    try:
        version, forward, make, threads = load(args.peer)
    except ImportError as err:  # the caller says so in its table
        print(json.dumps({"error": "%s is not installed for %s: %s" % (args.peer, sys.executable, err)}))
        return
    results = [measure(forward, make, tuple(int(v) for v in s.split(",")), args.repeat, args.min_time)
               for s in args.sizes]
    print(json.dumps({"peer": args.peer, "version": version, "python": platform.python_version(),
                      "blas": blas(), "threads": threads, "results": results}))


if __name__ == "__main__":
    main()
