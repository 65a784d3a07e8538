package attention_test

import (
	"testing"

	"github.com/attnviz/attnviz/attention"
)

// TestForwardAllocs: Forward into a Result of the same shapes allocates
// nothing, with and without Wo, with every mask, also for products large
// enough to be split among goroutines (n = 512).
func TestForwardAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("instrumented build")
	}
	for _, c := range []struct {
		name    string
		n, d, h int
		wo      bool
		opt     attention.Options
	}{
		{"n8_d16_h2", 8, 16, 2, true, attention.Options{Valid: 8, Scale: true}},
		{"n8_d16_h2_causal_pad_nowo", 8, 16, 2, false, attention.Options{Causal: true, Valid: 5, Scale: true, Temperature: 2}},
		{"n128_d64_h4", 128, 64, 4, true, attention.Options{Valid: 128, Scale: true}},
		{"n128_d128_h8_causal", 128, 128, 8, true, attention.Options{Causal: true, Valid: 100, Scale: true}},
		{"n200_d256_h4_causal", 200, 256, 4, true, attention.Options{Causal: true, Valid: 190, Scale: true}},
		{"n512_d512_h8", 512, 512, 8, true, attention.Options{Valid: 512, Scale: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := randomInput(c.n, c.d, c.h, 1, c.wo, c.opt)
			var res attention.Result
			attention.Forward(&res, in)
			runs := 20
			if c.n > 128 {
				if testing.Short() {
					t.Skip("large")
				}
				runs = 3
			}
			if a := testing.AllocsPerRun(runs, func() { attention.Forward(&res, in) }); a != 0 {
				t.Fatalf("%v allocations per Forward, want 0", a)
			}
		})
	}
}
