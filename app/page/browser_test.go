package page

import "testing"

// TestAnswerOf checks what a page answers the service worker: that it may
// cache only once the page has drawn, trains nothing and has rested
// restMs since its last change.
func TestAnswerOf(t *testing.T) {
	for _, c := range []struct {
		name            string
		drawn, training bool
		last, now       float64
		want            string
	}{
		{"drawn and rested", true, false, 1000, 1000 + restMs, PageHasDrawn},
		{"drawn, rested long", true, false, 0, 60000, PageHasDrawn},
		{"not drawn yet", false, false, 0, 60000, PageIsBusy},
		{"changed just now", true, false, 5000, 5000, PageIsBusy},
		{"changed a moment less than the rest ago", true, false, 5000, 5000 + restMs - 1, PageIsBusy},
		{"training", true, true, 0, 60000, PageIsBusy},
	} {
		if got := answerOf(c.drawn, c.training, c.last, c.now); got != c.want {
			t.Errorf("%s: answerOf(%v, %v, %v, %v) = %q, want %q", c.name, c.drawn, c.training, c.last, c.now, got, c.want)
		}
	}
}
