//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"github.com/attnviz/attnviz/attention/model"
)

// halfWorker is the peer's side (peer.go): it trains the coordinator's
// run, computing half B of each step, and answers only the coordinator.
type halfWorker struct {
	req    request
	tr     *model.Trainer
	err    error
	posted bool // half B of step tr.Steps()+1 is computed and posted
	shared bool // step tr.Steps()+1 is shared: the coordinator said so
	buf    []float64
}

// runHalf is the program in the role "half".
func runHalf() {
	msgs := make(chan js.Value, 64)
	js.Global().Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		msgs <- args[0].Get("data")
		return nil
	}))
	js.Global().Call("postMessage", map[string]any{"ready": true})
	var h halfWorker
	for {
		if h.due() {
			h.compute()
		}
		h.take(<-msgs)
	}
}

// due reports whether the run wants a shared step whose half is not
// computed.
func (h *halfWorker) due() bool {
	return h.tr != nil && h.err == nil && h.shared && !h.posted && h.tr.Steps() < h.req.goal
}

// compute computes half B of the next step and posts it.
func (h *halfWorker) compute() {
	t0 := time.Now()
	g, loss, err := h.tr.StepHalf(1)
	if err != nil {
		h.err = err
		return
	}
	ns := time.Since(t0).Nanoseconds()
	m := map[string]any{"gen": h.req.gen, "step": h.tr.Steps() + 1, "loss": loss, "ns": float64(ns), "grad": floats(g)}
	js.Global().Call("postMessage", m, []any{m["grad"].(js.Value).Get("buffer")})
	h.posted = true
}

// take reads a message of the coordinator: half A of the step shared, the
// gradients of a step it took alone, a request for its part of the
// accuracy's counts, or the run (as the page's request: a
// new run, or a new goal). Each step's message says whether the next is
// shared.
func (h *halfWorker) take(m js.Value) {
	g, sum := m.Get("grad"), m.Get("sum")
	if m.Get("acc").Truthy() {
		h.count(m)
		return
	}
	if g.IsUndefined() && sum.IsUndefined() {
		h.takeRun(m)
		return
	}
	if h.tr == nil || m.Get("gen").Int() != h.req.gen || m.Get("step").Int() != h.tr.Steps()+1 {
		return // of an earlier run
	}
	switch {
	case !g.IsUndefined() && h.posted:
		h.buf = readFloats(h.buf, g)
		h.err = h.tr.FinishStep(h.buf, m.Get("loss").Float())
	case !sum.IsUndefined():
		h.buf = readFloats(h.buf, sum)
		h.err = h.tr.StepWith(h.buf, m.Get("loss").Float())
	default:
		return
	}
	h.posted, h.shared = false, m.Get("pair").Truthy()
}

// count posts its part of the held-out accuracy's counts at the step the
// coordinator asks for, or right −1 if it is not at that step.
func (h *halfWorker) count(m js.Value) {
	gen, step := m.Get("gen").Int(), m.Get("step").Int()
	right, total := -1, 0
	if h.tr != nil && gen == h.req.gen && step == h.tr.Steps() {
		right, total = h.tr.AccuracyCounts(1, 2)
	}
	js.Global().Call("postMessage", map[string]any{"gen": gen, "step": step, "right": right, "total": total})
}

// takeRun reads the run: a new one, or a new goal.
func (h *halfWorker) takeRun(m js.Value) {
	r := readRequest(m)
	if r.gen != h.req.gen || h.tr == nil {
		*h = halfWorker{req: r, buf: h.buf, shared: m.Get("pair").Truthy()}
		h.tr, h.err = model.NewTrainer(model.Config{Task: r.task, Seed: r.seed, LR: r.lr})
	}
	h.req.goal = r.goal
}
