package page

import "testing"

// TestAnswerOf checks what a page answers the service worker: nothing
// before it has drawn, and that it may cache only once it has rested.
func TestAnswerOf(t *testing.T) {
	for _, c := range []struct {
		name  string
		drawn bool
		wait  float64 // ms it must still rest (restClock.wait)
		want  string
	}{
		{"drawn and rested just now", true, 0, PageHasDrawn},
		{"drawn, rested long", true, -60000, PageHasDrawn},
		{"not drawn yet", false, -60000, ""},
		{"changed just now", true, restMs, PageIsBusy},
		{"a moment short of the rest", true, 1, PageIsBusy},
	} {
		if got := answerOf(c.drawn, c.wait); got != c.want {
			t.Errorf("%s: answerOf(%v, %v) = %q, want %q", c.name, c.drawn, c.wait, got, c.want)
		}
	}
}
