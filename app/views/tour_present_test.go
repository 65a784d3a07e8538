package views

import "testing"

// TestRevealDelta checks the scroll that brings a tour step's boxes under
// presentation mode's bar: none when they show, the least that shows them
// from below or above, and the top of a span taller than the room.
func TestRevealDelta(t *testing.T) {
	const bar, view = 250.0, 720.0
	for _, c := range []struct {
		name        string
		top, bottom float64
		want        float64
	}{
		{"shown", 300, 600, 0},
		{"below the fold", 690, 910, 910 - 720 + revealMargin},
		{"under the bar", 100, 300, 100 - 250 - revealMargin},
		{"above the screen", -400, -200, -400 - 250 - revealMargin},
		{"taller than the room", 600, 1200, 600 - 250 - revealMargin},
		{"just fits", bar + revealMargin, view - revealMargin, 0},
	} {
		if got := revealDelta(bar, view, c.top, c.bottom); got != c.want {
			t.Errorf("%s: revealDelta(%v, %v, %v, %v) = %v, want %v", c.name, bar, view, c.top, c.bottom, got, c.want)
		}
		if d := revealDelta(bar, view, c.top, c.bottom); c.bottom-c.top <= view-bar-2*revealMargin &&
			(c.top-d < bar+revealMargin-1e-9 || c.bottom-d > view-revealMargin+1e-9) {
			t.Errorf("%s: after scrolling %v the span is at %v–%v, not between %v and %v", c.name, d, c.top-d, c.bottom-d, bar, view)
		}
	}
}
