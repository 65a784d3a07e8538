//go:build js && wasm

package main

import (
	"syscall/js"
	"time"
)

// The coordinator (the worker the page started) shares each step with a
// peer: a nested dedicated Worker of the same program in the role "half"
// (half.go), which computes half B of every batch while the coordinator
// computes half A. Each posts its half's gradients (a transferred
// Float64Array) and summed loss to the other, tagged with the run's gen and
// the step's number; each then adds them to its own, A's plus B's, and takes
// the same AdamW step (attention/model's StepHalf and FinishStep), so both
// hold the same parameters, bit for bit. Where the peer cannot start (no
// nested workers, fewer than two cores, an error) or stops answering, the
// coordinator computes both halves itself: the same bits.

// halfName is the peer's Worker name: its role.
const halfName = "half"

// Peer states.
const (
	peerStarting = iota
	peerReady
	peerGone
)

const (
	readyWait = 3 * time.Second  // how long a new run waits for a starting peer
	gradWait  = 10 * time.Second // how long a step waits for the peer's half before doing without it
)

// peer is the coordinator's end of the nested worker.
type peer struct {
	w     js.Value
	state int
	in    chan peerEvent // its messages and errors, in order
	buf   []float64      // the last gradients read
	kept  []js.Value     // answers that came before the one awaited (half B of the next step, before the accuracy's counts)
	timer *time.Timer
}

// peerEvent is a message of the peer (data), or its failure.
type peerEvent struct {
	data   js.Value
	failed bool
}

// startPeer starts the nested worker, or returns a peer that is gone if
// it cannot run beside this one.
func startPeer() *peer {
	p := &peer{state: peerGone, in: make(chan peerEvent, 64), timer: time.NewTimer(time.Hour)}
	p.timer.Stop()
	nav := js.Global().Get("navigator")
	if js.Global().Get("Worker").IsUndefined() || nav.IsUndefined() || nav.Get("hardwareConcurrency").Int() < 2 {
		return p
	}
	defer func() {
		if recover() != nil { // the Worker constructor threw
			p.state = peerGone
		}
	}()
	p.w = js.Global().Get("Worker").New("trainworker.js", map[string]any{"name": halfName})
	p.w.Set("onmessage", js.FuncOf(func(_ js.Value, args []js.Value) any {
		p.in <- peerEvent{data: args[0].Get("data")}
		return nil
	}))
	p.w.Set("onerror", js.FuncOf(func(js.Value, []js.Value) any {
		p.in <- peerEvent{failed: true}
		return nil
	}))
	p.state = peerStarting
	return p
}

// ready reports whether the peer can share a new run's steps, waiting up to
// readyWait for one that is starting.
func (p *peer) ready() bool {
	if p.state == peerStarting {
		p.timer.Reset(readyWait)
		for p.state == peerStarting {
			select {
			case ev := <-p.in:
				p.handle(ev)
			case <-p.timer.C:
				return false
			}
		}
		p.timer.Stop()
	}
	return p.state == peerReady
}

// handle takes in an event that is not an answer to a step (its half's
// gradients, or its part of the accuracy's counts) and reports whether it
// was one.
func (p *peer) handle(ev peerEvent) (answer bool) {
	switch {
	case ev.failed || ev.data.Type() != js.TypeObject:
		p.stop()
	case ev.data.Get("ready").Truthy():
		p.state = peerReady
	default:
		return !ev.data.Get("grad").IsUndefined() || !ev.data.Get("right").IsUndefined()
	}
	return false
}

// stop ends the peer: the coordinator trains alone from now on.
func (p *peer) stop() {
	if p.state != peerGone {
		p.w.Call("terminate")
	}
	p.state = peerGone
}

// post sends the peer a message, transferring the buffers of the
// Float64Array grad if it is one.
func (p *peer) post(m map[string]any) {
	if g, ok := m["grad"].(js.Value); ok {
		p.w.Call("postMessage", m, []any{g.Get("buffer")})
		return
	}
	p.w.Call("postMessage", m)
}

// await returns the peer's half of step step of run gen: its gradients,
// its summed loss and the time it took to compute them. It reports false
// if the peer failed or did not answer within gradWait.
func (p *peer) await(gen, step int, page <-chan js.Value, queue *[]js.Value) (grad []float64, loss float64, ns int64, ok bool) {
	d, ok := p.answer(gen, step, "grad", page, queue)
	if !ok {
		return nil, 0, 0, false
	}
	p.buf = readFloats(p.buf, d.Get("grad"))
	return p.buf, d.Get("loss").Float(), int64(d.Get("ns").Float()), true
}

// awaitCounts returns the peer's part of the accuracy's counts at step
// step of run gen (model.Trainer.AccuracyCounts(1, 2)), or false.
func (p *peer) awaitCounts(gen, step int, page <-chan js.Value, queue *[]js.Value) (right, total int, ok bool) {
	d, ok := p.answer(gen, step, "right", page, queue)
	if !ok || d.Get("right").Int() < 0 {
		return 0, 0, false
	}
	return d.Get("right").Int(), d.Get("total").Int(), true
}

// answer returns the peer's message with the field key for step step of
// run gen. Answers of this run that come first are kept for a later call
// (the peer may post half B of the next step before its part of the
// accuracy's counts); others are dropped (of earlier runs, or of steps the
// page took back). Messages of the page that arrive meanwhile go to queue.
// It reports false if the peer failed or did not answer within gradWait.
func (p *peer) answer(gen, step int, key string, page <-chan js.Value, queue *[]js.Value) (js.Value, bool) {
	match := func(d js.Value) bool {
		return !d.Get(key).IsUndefined() && d.Get("gen").Int() == gen && d.Get("step").Int() == step
	}
	kept := p.kept[:0]
	var found js.Value
	for _, d := range p.kept {
		switch {
		case found.IsUndefined() && match(d):
			found = d
		case d.Get("gen").Int() == gen && d.Get("step").Int() >= step:
			kept = append(kept, d) // still to come
		}
	}
	p.kept = kept
	if !found.IsUndefined() {
		return found, true
	}
	p.timer.Reset(gradWait)
	defer p.timer.Stop()
	for p.state == peerReady {
		select {
		case ev := <-p.in:
			switch d := ev.data; {
			case !p.handle(ev):
			case match(d):
				return d, true
			case d.Get("gen").Int() == gen && d.Get("step").Int() >= step:
				p.kept = append(p.kept, d)
			}
		case m := <-page:
			*queue = append(*queue, m)
		case <-p.timer.C:
			p.stop()
		}
	}
	return js.Value{}, false
}
