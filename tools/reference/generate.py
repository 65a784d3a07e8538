#!/usr/bin/python3
"""Regenerate testdata/reference from a plain NumPy implementation.

Usage (Debian's python3 with python3-numpy and python3-torch):

    tools/reference/generate.py           recompute every case, rewrite what changed
    tools/reference/generate.py --check   only check the committed files

Each case keeps its `spec` (the lessons' specs are drawn again from their
NumPy recipes and must come out the same); `expected` is recomputed in float64
by the rules of testdata/reference/README.md. Gradients come from PyTorch
autograd over the same rules written in torch. Where a case says
`torch_checked`, torch.nn.MultiheadAttention (float64, bias=False) must give
the same output, weights and gradients, to 1e-10.

The committed numbers came from OpenBLAS's SkylakeX kernels, which add up
every product in order with fused multiply-adds. On a CPU with AVX-512 the
script asks OpenBLAS for them and reproduces every file byte for byte;
elsewhere the last bits differ. --check fails on a difference beyond 1e-12
(absolute, or relative above 1); a rewrite keeps a file that agrees to
1e-12 but not byte for byte, unless --force, since testdata/reference must
stay identical to ../shared/reference. A new case needs only its name,
torch_checked and spec: the rewrite adds `expected`.
"""

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path


def _prefer_skylakex_kernels():
    """Ask OpenBLAS (before NumPy loads it) for the kernels the committed
    cases were computed with, where the CPU can run them."""
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="replace") as f:
            avx512 = " avx512f" in f.read()
    except OSError:
        avx512 = False
    if avx512:
        os.environ.setdefault("OPENBLAS_CORETYPE", "SkylakeX")
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


_prefer_skylakex_kernels()

import numpy as np  # noqa: E402 (after the OpenBLAS settings)
import torch  # noqa: E402

REFERENCE = Path(__file__).resolve().parents[2] / "testdata" / "reference"
TOLERANCE = 1e-12  # between a recomputed and a committed number
TORCH_TOLERANCE = 1e-10  # between this implementation and PyTorch's module


class CaseError(Exception):
    """A case that cannot be recomputed or does not check out."""


# ---------------------------------------------------------------------------
# The rules, in NumPy
# ---------------------------------------------------------------------------


def matrix(rows):
    """A float64 matrix of a spec's rows."""
    return np.array(rows, dtype=np.float64)


def key_mask(spec, n, m):
    """Boolean n × m: True where query i may not see key j."""
    masked = np.zeros((n, m), dtype=bool)
    if spec.get("mask", "none") == "causal":
        masked |= np.arange(m)[None, :] > np.arange(n)[:, None]
    if "valid" in spec:
        masked[:, spec["valid"]:] = True
    return masked


def softmax_rows(s, masked):
    """Softmax of each row, masked entries −∞; a fully masked row is 0."""
    dead = masked.all(axis=1, keepdims=True)
    s = np.where(masked, -np.inf, s)
    e = np.exp(s - np.where(dead, 0.0, s.max(axis=1, keepdims=True)))
    return np.where(dead, 0.0, e / np.where(dead, 1.0, e.sum(axis=1, keepdims=True)))


def forward(spec):
    """The result of testdata/reference/README.md for spec, in float64."""
    x = matrix(spec["x"])
    x_kv = matrix(spec["x_kv"]) if "x_kv" in spec else x
    heads = spec.get("heads", 1)
    q_all, k_all, v_all = x @ matrix(spec["wq"]), x_kv @ matrix(spec["wk"]), x_kv @ matrix(spec["wv"])
    dk, dv = q_all.shape[1] // heads, v_all.shape[1] // heads
    masked = key_mask(spec, x.shape[0], x_kv.shape[0])
    result = {"tokens": spec["tokens"]}
    if "tokens_kv" in spec:
        result["tokens_kv"] = spec["tokens_kv"]
    result["heads"] = []
    for h in range(heads):
        q, k = q_all[:, h * dk:(h + 1) * dk], k_all[:, h * dk:(h + 1) * dk]
        v = v_all[:, h * dv:(h + 1) * dv]
        scores = q @ k.T
        s = scores / math.sqrt(dk) if spec.get("scale", True) else scores
        s = s / spec.get("temperature", 1)
        weights = softmax_rows(s, masked)
        result["heads"].append({"q": q, "k": k, "v": v, "scores": scores, "weights": weights, "output": weights @ v})
    result["weights_mean"] = sum(head["weights"] for head in result["heads"]) / heads
    concat = np.concatenate([head["output"] for head in result["heads"]], axis=1)
    result["output"] = concat @ matrix(spec["wo"]) if "wo" in spec else concat
    return result


# ---------------------------------------------------------------------------
# The same rules in torch, for autograd
# ---------------------------------------------------------------------------


def torch_forward(spec, params):
    """The output of spec from the tensors in params (x, wq, wk, wv, wo)."""
    x = params["x"]
    heads = spec.get("heads", 1)
    q_all, k_all, v_all = x @ params["wq"], x @ params["wk"], x @ params["wv"]
    dk, dv = q_all.shape[1] // heads, v_all.shape[1] // heads
    masked = torch.from_numpy(key_mask(spec, x.shape[0], x.shape[0]))
    dead = masked.all(dim=1, keepdim=True)  # rows that pass nothing
    outputs = []
    for h in range(heads):
        q, k = q_all[:, h * dk:(h + 1) * dk], k_all[:, h * dk:(h + 1) * dk]
        s = q @ k.T
        if spec.get("scale", True):
            s = s / math.sqrt(dk)
        s = s / spec.get("temperature", 1)
        # Dead rows get finite scores, so that softmax's gradient is no NaN.
        s = s.masked_fill(masked & ~dead, -math.inf).masked_fill(dead, 0.0)
        weights = torch.softmax(s, dim=1).masked_fill(dead, 0.0)
        outputs.append(weights @ v_all[:, h * dv:(h + 1) * dv])
    concat = torch.cat(outputs, dim=1)
    return concat @ params["wo"] if "wo" in params else concat


def gradients(spec):
    """output and grad of a gradient case, by autograd over torch_forward."""
    if "x_kv" in spec:
        raise CaseError("a gradient case of cross-attention: the script has no rules for it yet")
    names = ["x", "wq", "wk", "wv"] + (["wo"] if "wo" in spec else [])
    params = {name: torch.tensor(spec[name], dtype=torch.float64, requires_grad=True) for name in names}
    output = torch_forward(spec, params)
    (output * torch.tensor(spec["grad_output"], dtype=torch.float64)).sum().backward()
    return {"output": output.detach().numpy(), "grad": {name: params[name].grad.numpy() for name in names}}


# ---------------------------------------------------------------------------
# PyTorch's own module, for torch_checked cases
# ---------------------------------------------------------------------------


def torch_module(spec):
    """nn.MultiheadAttention holding spec's weights, and the factor by which
    its query weights are Wq's (the module always divides by √d_k only)."""
    wq, wk, wv = (torch.tensor(spec[w], dtype=torch.float64) for w in ("wq", "wk", "wv"))
    e, heads = wq.shape[0], spec.get("heads", 1)
    if not (wq.shape[1] == wk.shape[1] == wv.shape[1] == e) or ("wo" in spec and np.shape(spec["wo"]) != (e, e)):
        raise CaseError("torch_checked, but its shapes do not fit nn.MultiheadAttention (all d_model × d_model)")
    dk = e // heads
    factor = math.sqrt(dk) / (math.sqrt(dk) if spec.get("scale", True) else 1) / spec.get("temperature", 1)
    mha = torch.nn.MultiheadAttention(e, heads, bias=False, batch_first=True, dtype=torch.float64)
    wo = torch.tensor(spec["wo"], dtype=torch.float64) if "wo" in spec else torch.eye(e, dtype=torch.float64)
    with torch.no_grad():
        mha.in_proj_weight.copy_(torch.cat([wq.T * factor, wk.T, wv.T]))
        mha.out_proj.weight.copy_(wo.T)
    return mha, factor


def torch_run(spec, mha, x, x_kv):
    """The module's output and mean weights for one batch of x against x_kv."""
    n, m = x.shape[0], x_kv.shape[0]
    attn_mask = torch.from_numpy(key_mask({"mask": spec.get("mask", "none")}, n, m))
    padding = torch.from_numpy(np.arange(m) >= spec.get("valid", m))[None, :]
    out, w = mha(x[None], x_kv[None], x_kv[None], attn_mask=attn_mask, key_padding_mask=padding,
                 need_weights=True, average_attn_weights=True)
    return out[0], w[0]


def torch_check_forward(spec, result):
    """Fails unless the module gives result's output and mean weights."""
    mha, _ = torch_module(spec)
    x = torch.tensor(spec["x"], dtype=torch.float64)
    x_kv = torch.tensor(spec["x_kv"], dtype=torch.float64) if "x_kv" in spec else x
    with torch.no_grad():
        out, w = torch_run(spec, mha, x, x_kv)
    compare("torch output", out.numpy(), result["output"], TORCH_TOLERANCE)
    compare("torch weights", w.numpy(), result["weights_mean"], TORCH_TOLERANCE)


def torch_check_gradients(spec, expected):
    """Fails unless autograd through the module gives expected's gradients."""
    mha, factor = torch_module(spec)
    x = torch.tensor(spec["x"], dtype=torch.float64, requires_grad=True)
    out, _ = torch_run(spec, mha, x, x)
    (out * torch.tensor(spec["grad_output"], dtype=torch.float64)).sum().backward()
    e = x.shape[1]
    g_in = mha.in_proj_weight.grad
    got = {"x": x.grad, "wq": g_in[:e].T * factor, "wk": g_in[e:2 * e].T, "wv": g_in[2 * e:].T}
    if "wo" in spec:
        got["wo"] = mha.out_proj.weight.grad.T
    compare("torch output", out.detach().numpy(), expected["output"], TORCH_TOLERANCE)
    for name, grad in got.items():
        compare("torch grad " + name, grad.numpy(), expected["grad"][name], TORCH_TOLERANCE)


# ---------------------------------------------------------------------------
# The lessons' recipes (testdata/reference/lessons/README.md)
# ---------------------------------------------------------------------------


def lesson_cat_sat():
    """'The cat sat on the mat': X and Wq, Wk, Wv from default_rng(42)."""
    x = np.random.default_rng(42).normal(0, 1, (6, 8))
    rng, d_model, dk = np.random.default_rng(42), 8, 4
    scale = math.sqrt(2 / (d_model + dk))
    wq, wk, wv = (rng.normal(0, scale, (d_model, dk)) for _ in range(3))
    return {"tokens": ["The", "cat", "sat", "on", "the", "mat"], "x": x.tolist(),
            "wq": wq.tolist(), "wk": wk.tolist(), "wv": wv.tolist(), "heads": 1, "mask": "none"}


def lesson_four_words():
    """Four words, and integer weights from np.random.seed(42)."""
    np.random.seed(42)
    wq, wk, wv = (np.random.randint(3, size=(3, 3)) for _ in range(3))
    x = [[1, 0, 0], [0, 1, 0], [1, 1, 0], [0, 0, 1]]
    return {"tokens": ["word 1", "word 2", "word 3", "word 4"], "x": x,
            "wq": wq.tolist(), "wk": wk.tolist(), "wv": wv.tolist(), "heads": 1, "mask": "none"}


LESSONS = {
    "lesson-cat-sat-on-the-mat": (lesson_cat_sat, "printed_weights_3dp", "weights"),
    "lesson-four-words-integer-weights": (lesson_four_words, "printed_output_3dp", "output"),
}


# ---------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------


def as_json(value):
    """value with every NumPy array turned into nested lists of floats."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {k: as_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [as_json(v) for v in value]
    return value


def recompute(path, case):
    """The case of path with its expected (and a lesson's spec) recomputed."""
    kind = path.parent.name
    new = dict(case)
    if kind == "lessons":
        recipe, printed, field = LESSONS[case["name"]]
        if recipe() != case["spec"]:
            raise CaseError("the spec differs from the one its recipe draws")
        result = forward(case["spec"])
        new["expected"] = {"weights": result["heads"][0]["weights"], "output": result["output"]}
        new[printed] = np.round(new["expected"][field], 3)
    elif kind == "gradients":
        new["expected"] = gradients(case["spec"])
        if case["torch_checked"]:
            torch_check_gradients(case["spec"], new["expected"])
    else:
        new["expected"] = forward(case["spec"])
        if case["torch_checked"]:
            torch_check_forward(case["spec"], new["expected"])
    return as_json(new)


def encode(path, case):
    """The file's bytes: one line, or indented by one for the lessons."""
    if path.parent.name == "lessons":
        return json.dumps(case, indent=1, ensure_ascii=False)
    return json.dumps(case, ensure_ascii=False)


def compare(what, got, want, tolerance):
    """Fails unless got and want (nested lists or arrays) have one shape and
    agree to tolerance, absolute or relative, whichever is looser."""
    diff = largest_difference(got, want)
    if diff > tolerance:
        raise CaseError(f"{what}: differs by {diff:.3g} (tolerance {tolerance:g})")
    return diff


def largest_difference(got, want):
    """The largest difference between two JSON values (relative where an
    entry's size exceeds 1); inf where their structure or text differs."""
    if isinstance(got, dict) and isinstance(want, dict):
        if got.keys() != want.keys():
            return math.inf
        return max((largest_difference(got[k], want[k]) for k in got), default=0.0)
    if isinstance(got, (list, np.ndarray)) and isinstance(want, (list, np.ndarray)):
        if len(got) != len(want):
            return math.inf
        return max((largest_difference(g, w) for g, w in zip(got, want)), default=0.0)
    numbers = (int, float, np.floating, np.integer)
    if isinstance(got, numbers) and isinstance(want, numbers) and not isinstance(got, bool):
        if got == want:
            return 0.0
        return abs(got - want) / max(1.0, abs(got), abs(want))
    return 0.0 if got == want else math.inf


def check_file(path, force):
    """Recomputes path's case; returns the text to write, or None, and what
    to print (None when the file is byte for byte the same)."""
    committed = path.read_text(encoding="utf-8")
    old = json.loads(committed)
    text = encode(path, recompute(path, old))
    if text == committed:
        return None, None
    diff = largest_difference(json.loads(text), old)
    if diff > TOLERANCE:
        return text, f"differs by {diff:.3g}" if math.isfinite(diff) else "differs in its fields"
    return (text if force else None), f"agrees to {diff:.3g}, not byte for byte"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="check the committed files, write nothing")
    parser.add_argument("--force", action="store_true", help="also rewrite files that agree to 1e-12")
    parser.add_argument("--dir", type=Path, default=REFERENCE, help="the folder of cases (default: %(default)s)")
    args = parser.parse_args()
    start = time.monotonic()
    files = sorted(args.dir.glob("*.json")) + sorted(args.dir.glob("*/*.json"))
    print(f"OPENBLAS_CORETYPE={os.environ.get('OPENBLAS_CORETYPE', '(not set)')}, "
          f"NumPy {np.__version__}, PyTorch {torch.__version__}")
    failed = same = 0
    for path in files:
        name = path.relative_to(args.dir)
        try:
            text, note = check_file(path, args.force)
        except CaseError as err:
            text, note = None, f"FAILED: {err}"
        if note is None:
            same += 1
            continue
        if args.check and not note.startswith(("agrees", "FAILED")):
            note = "FAILED: " + note
        failed += note.startswith("FAILED")
        if text is not None and not args.check:
            path.write_text(text, encoding="utf-8")
            note += ": rewritten"
        print(f"{name}: {note}")
    print(f"{len(files)} cases: {same} byte for byte the same, {failed} failed; "
          f"{time.monotonic() - start:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
