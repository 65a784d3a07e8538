package views

import "testing"

// TestTabStep checks the keys that move the focus between the view tabs:
// the arrows wrap around, Home and End go to the ends, other keys and a
// focus on no tab move nothing.
func TestTabStep(t *testing.T) {
	for _, c := range []struct {
		key    string
		at, n  int
		to     int
		moving bool
	}{
		{"ArrowRight", 0, 9, 1, true},
		{"ArrowRight", 8, 9, 0, true},
		{"ArrowLeft", 0, 9, 8, true},
		{"ArrowLeft", 3, 9, 2, true},
		{"Home", 5, 9, 0, true},
		{"End", 5, 9, 8, true},
		{"ArrowDown", 3, 9, 0, false},
		{"Enter", 3, 9, 0, false},
		{"ArrowRight", -1, 9, 0, false},
		{"ArrowRight", 9, 9, 0, false},
	} {
		to, ok := tabStep(c.key, c.at, c.n)
		if ok != c.moving || (ok && to != c.to) {
			t.Errorf("tabStep(%q, %d, %d) = %d, %v; want %d, %v", c.key, c.at, c.n, to, ok, c.to, c.moving)
		}
	}
}
