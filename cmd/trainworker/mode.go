//go:build js && wasm

package main

// chooser decides, step by step, whether the coordinator shares a step
// with its peer or takes it alone: both give the same bits, so it takes
// whichever was faster lately. Two workers win on an idle machine; on one
// whose cores are taken, each exchange waits for the other worker to be
// scheduled, and one worker is faster. It measures each way over windows of
// modeWindow steps, keeps the faster, and measures the other again every
// probeEvery steps.
type chooser struct {
	shared bool       // the next step is shared (the peer has been told)
	fixed  bool       // never switch: every step shared (a measurement's request)
	est    [2]float64 // the last window's mean ns a step: alone, shared
	at     [2]int     // the step that window ended at
	run    int        // steps of this window
	sum    int64      // their ns
}

const (
	modeWindow = 10
	probeEvery = 200
)

// index returns est's index for a way of stepping.
func index(shared bool) int {
	if shared {
		return 1
	}
	return 0
}

// record adds a step's time to the window.
func (c *chooser) record(ns int64) {
	c.run++
	c.sum += ns
}

// next returns whether step, the next, is shared: at the end of a window,
// the other way if it was faster or is due to be measured again.
func (c *chooser) next(step int) bool {
	if c.run < modeWindow || c.fixed {
		return c.shared
	}
	i := index(c.shared)
	c.est[i], c.at[i] = float64(c.sum)/float64(c.run), step
	c.run, c.sum = 0, 0
	o := 1 - i
	if c.est[o] == 0 || step-c.at[o] >= probeEvery || c.est[o] < c.est[i] {
		c.shared = !c.shared
	}
	return c.shared
}
