package page

import "testing"

// TestAnswerOf checks what a page answers the service worker: nothing
// before it has drawn, and that it may cache only once it has rested
// restMs since its last change or training.
func TestAnswerOf(t *testing.T) {
	for _, c := range []struct {
		name      string
		drawn     bool
		last, now float64
		want      string
	}{
		{"drawn and rested", true, 1000, 1000 + restMs, PageHasDrawn},
		{"drawn, rested long", true, 0, 60000, PageHasDrawn},
		{"not drawn yet", false, 0, 60000, ""},
		{"changed just now", true, 5000, 5000, PageIsBusy},
		{"changed a moment less than the rest ago", true, 5000, 5000 + restMs - 1, PageIsBusy},
	} {
		if got := answerOf(c.drawn, c.last, c.now); got != c.want {
			t.Errorf("%s: answerOf(%v, %v, %v) = %q, want %q", c.name, c.drawn, c.last, c.now, got, c.want)
		}
	}
}
