package views

import (
	"testing"
)

func TestFormatOutput(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0.000"},
		{1.23456, "1.235"},
		{-0.5, "−0.500"},
		{999999.4, "999999.400"},
		{1e6, "1.00e6"},
		{1e30, "1.00e30"},
		{-2.5e-6, "−2.50e−6"},
		{0.0005, "0.001"},
		{0.0004, "4.00e−4"},
	} {
		if got := formatOutput(c.v); got != c.want {
			t.Errorf("formatOutput(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
