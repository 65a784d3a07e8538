#!/usr/bin/env python3
"""Trains attention/model's model in PyTorch (on the CPU) on the batches Go drew.

The spec (bench/train.Spec, written by `runtrain -export DIR`) gives the
shape, the initial weights, AdamW's settings and the first steps' batches
with Go's loss of each. The model is the same: token and position
embeddings, attention layers (Wq, Wk, Wv, Wo, scores scaled by sqrt(d_k),
causal where the task is) each added to its input, an unembedding, and the
mean cross-entropy of the predicted positions; then the gradients clipped to
a global norm and torch.optim.AdamW with the same settings. The sequences of
a batch are stacked by length, so each length runs as one batched forward.
The first layer's projections are computed in one of two forms: "plain",
(Emb[tokens] + Pos)·W as a PyTorch user writes it, or "tables", as Go's
trainer computes them (attention/model/tables.go): (Emb·W)[tokens] + Pos·W,
W = [Wq | Wk | Wv]. With --form best (the default) both are timed and the
faster is reported, as "form": the baseline a user would pick.

Usage: train_peer.py [--dtype float64|float32] [--warmup W] [--repeat R] [--form plain|tables|best] SPEC.json ...
       train_peer.py --selftest SPEC.json ...

Prints one JSON object: {"version", "python", "threads", "results": [{"task",
"dtype", "steps", "ns_samples", "cpu_samples", "ns_per_step",
"cpu_ns_per_step", "losses", "form"}]}: a first training from the initial weights,
untimed (as bench/train.Measure's first run: PyTorch too is slower in its
first: 2.0 ms a step against 1.2-1.6 ms after), then R more (default 1), each
a sample: the mean wall and CPU (the process's, every thread) time of its
steps after the first W (default 3; the batches are made into tensors before
the clock starts); ns_per_step and cpu_ns_per_step are the samples' medians. With --selftest it trains in float64 and exits 1 unless
every loss, in each form, is within 1e-9 of Go's. Where PyTorch is not installed it prints
{"error": ...} and exits 0 (--selftest: exits 2).
"""

import argparse
import json
import math
import platform
import sys
import time

TOLERANCE = 1e-9


def load(path):
    with open(path) as f:
        return json.load(f)


def params_of(torch, spec, dtype):
    """The initial weights as leaf tensors, in Go's order."""
    names = ["emb", "pos"]
    for l in range(spec["arch"]["layers"]):
        names += [f"layers.{l}.{w}" for w in ("wq", "wk", "wv", "wo")]
    names.append("unemb")
    return {n: torch.tensor(spec["params"][n], dtype=dtype, requires_grad=True) for n in names}


def batches_of(torch, spec):
    """Each batch as [(tokens, targets)] stacked by sequence length."""
    out = []
    for batch in spec["batches"]:
        by_len = {}
        for s in batch:
            by_len.setdefault(len(s["tokens"]), []).append(s)
        out.append([(torch.tensor([s["tokens"] for s in g]), torch.tensor([s["targets"] for s in g]))
                    for _, g in sorted(by_len.items())])
    return out


def projections(torch, p, l, x, tokens, n, tables):
    """Layer l's X·Wq, X·Wk, X·Wv; the first layer's by table if tables."""
    wq, wk, wv = (p[f"layers.{l}.{w}"] for w in ("wq", "wk", "wv"))
    if l > 0 or not tables:
        return x @ wq, x @ wk, x @ wv
    w = torch.cat([wq, wk, wv], dim=1)
    qkv = (p["emb"] @ w)[tokens] + (p["pos"][:n] @ w)
    return qkv.split([wq.shape[1], wk.shape[1], wv.shape[1]], dim=-1)


def loss_of(torch, p, arch, groups, tables):
    """The batch's mean cross-entropy over its predicted positions."""
    F = torch.nn.functional
    h, d = arch["heads"], arch["d_model"]
    dk, dv = d // h, arch["d_v"]
    total, count = 0, 0
    for tokens, targets in groups:
        b, n = tokens.shape
        x = p["emb"][tokens] + p["pos"][:n]
        for l in range(arch["layers"]):
            xq, xk, xv = projections(torch, p, l, x, tokens, n, tables)
            wo = p[f"layers.{l}.wo"]
            q = xq.reshape(b, n, h, dk).transpose(1, 2)
            k = xk.reshape(b, n, h, dk).transpose(1, 2)
            v = xv.reshape(b, n, h, dv).transpose(1, 2)
            s = q @ k.transpose(-1, -2) / math.sqrt(dk)
            if arch["causal"]:
                s = s.masked_fill(torch.ones(n, n, dtype=torch.bool).triu(1), float("-inf"))
            o = (torch.softmax(s, dim=-1) @ v).transpose(1, 2).reshape(b, n, h * dv)
            x = x + o @ wo
        logits = x @ p["unemb"]
        total = total + F.cross_entropy(logits.reshape(b * n, -1), targets.reshape(-1), ignore_index=-1, reduction="sum")
        count += int((targets >= 0).sum())
    return total / count


def train(torch, spec, dtype, warmup, tables):
    """Trains on every batch of spec; returns the losses, and the mean wall and CPU ns of the steps after warmup."""
    p = params_of(torch, spec, dtype)
    params = list(p.values())
    opt = torch.optim.AdamW(params, lr=spec["lr"], betas=tuple(spec["betas"]), eps=spec["eps"],
                            weight_decay=spec["weight_decay"])
    batches, arch, clip = batches_of(torch, spec), spec["arch"], spec["clip"]
    losses, times, cpu = [], [], []
    for groups in batches:
        t0, c0 = time.perf_counter_ns(), time.process_time_ns()
        opt.zero_grad(set_to_none=True)
        loss = loss_of(torch, p, arch, groups, tables)
        loss.backward()
        with torch.no_grad():  # clipping as Go clips: g · clip/‖g‖ when ‖g‖ > clip
            norm = torch.sqrt(sum((g.grad * g.grad).sum() for g in params))
            if clip > 0 and norm > clip:
                for g in params:
                    g.grad.mul_(clip / norm)
        opt.step()
        times.append(time.perf_counter_ns() - t0)
        cpu.append(time.process_time_ns() - c0)
        losses.append(loss.item())
    mean = lambda xs: sum(xs[warmup:] or xs) / len(xs[warmup:] or xs)
    return losses, mean(times), mean(cpu)


def measure(torch, spec, dtype, a, form):
    """One result: an untimed training, then a.repeat timed ones, in form."""
    runs = [train(torch, spec, dtype, a.warmup, form == "tables") for _ in range(1 + max(a.repeat, 1))][1:]
    losses, ns, cpu_ns = runs[0][0], [r[1] for r in runs], [r[2] for r in runs]
    return {"task": spec["task"], "dtype": str(dtype).removeprefix("torch."), "steps": len(losses),
            "ns_samples": ns, "cpu_samples": cpu_ns, "ns_per_step": median(ns),
            "cpu_ns_per_step": median(cpu_ns), "losses": losses, "form": form}


def check(spec, r):
    """Reports on stderr whether r's losses are Go's to TOLERANCE; True if not."""
    losses = r["losses"]
    worst = max(abs(x - y) for x, y in zip(losses, spec["losses"]))
    ok = len(losses) == len(spec["losses"]) and worst <= TOLERANCE
    print(f"{spec['task']} ({r['form']}): {len(losses)} steps, largest difference from Go's loss {worst:.3g}: "
          f"{'ok' if ok else 'FAIL'}", file=sys.stderr)
    return not ok


def median(xs):
    """The middle value of xs, or the mean of the middle two."""
    s, m = sorted(xs), len(xs) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dtype", choices=["float64", "float32"], default="float64")
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--form", choices=["plain", "tables", "best"], default="best")
    ap.add_argument("--selftest", action="store_true")
    ap.add_argument("specs", nargs="+")
    a = ap.parse_args()
    try:
        import torch
    except ImportError as e:
        print(json.dumps({"error": f"PyTorch is not installed: {e}"}))
        sys.exit(2 if a.selftest else 0)
    dtype = torch.float64 if a.selftest or a.dtype == "float64" else torch.float32
    out = {"version": torch.__version__, "python": platform.python_version(), "threads": torch.get_num_threads(),
           "results": []}
    failed = False
    for path in a.specs:
        spec = load(path)
        forms = ["plain", "tables"] if a.form == "best" else [a.form]
        results = [measure(torch, spec, dtype, a, form) for form in forms]
        out["results"].append(min(results, key=lambda r: r["ns_per_step"]))
        if a.selftest:
            for r in results:
                failed = check(spec, r) or failed
    print(json.dumps(out))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
