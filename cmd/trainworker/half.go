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

// due reports whether the run wants a step whose half is not computed.
func (h *halfWorker) due() bool {
	return h.tr != nil && h.err == nil && !h.posted && h.tr.Steps() < h.req.goal
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

// take reads a message of the coordinator: half A of the step posted, or
// the run (as the page's request: a new run, or a new goal).
func (h *halfWorker) take(m js.Value) {
	if g := m.Get("grad"); !g.IsUndefined() {
		if h.posted && m.Get("gen").Int() == h.req.gen && m.Get("step").Int() == h.tr.Steps()+1 {
			h.buf = readFloats(h.buf, g)
			h.err = h.tr.FinishStep(h.buf, m.Get("loss").Float())
			h.posted = false
		}
		return
	}
	r := readRequest(m)
	if r.gen != h.req.gen || h.tr == nil {
		*h = halfWorker{req: r, buf: h.buf}
		h.tr, h.err = model.NewTrainer(model.Config{Task: r.task, Seed: r.seed, LR: r.lr})
	}
	h.req.goal = r.goal
}
