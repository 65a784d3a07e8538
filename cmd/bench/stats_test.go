package main

import (
	"math"
	"testing"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{[]float64{3}, 3},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{5, 5, 1, 1}, 3},
	} {
		if got := Median(tc.xs); got != tc.want {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
	if got := Median(nil); !math.IsNaN(got) {
		t.Errorf("Median(nil) = %v, want NaN", got)
	}
	xs := []float64{3, 1, 2}
	Median(xs)
	if xs[0] != 3 {
		t.Errorf("Median sorted its argument: %v", xs)
	}
}

func TestPercentile(t *testing.T) {
	hundred := make([]float64, 100)
	for i := range hundred {
		hundred[i] = float64(100 - i) // 100 … 1
	}
	for _, tc := range []struct {
		xs   []float64
		p    float64
		want float64
	}{
		{hundred, 95, 95},
		{hundred, 50, 50},
		{hundred, 100, 100},
		{hundred, 1, 1},
		{hundred, 0, 1}, // clamped to the minimum
		{hundred, 150, 100},
		{[]float64{7}, 95, 7},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 95, 10},
		{[]float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 90, 9},
		{[]float64{10, 20}, 50, 10},
	} {
		if got := Percentile(tc.xs, tc.p); got != tc.want {
			t.Errorf("Percentile(%d values, %v) = %v, want %v", len(tc.xs), tc.p, got, tc.want)
		}
	}
	if got := Percentile(nil, 95); !math.IsNaN(got) {
		t.Errorf("Percentile(nil) = %v, want NaN", got)
	}
	if hundred[0] != 100 {
		t.Error("Percentile sorted its argument")
	}
}

func TestMax(t *testing.T) {
	if got := Max([]float64{1, 9, 3}); got != 9 {
		t.Errorf("Max = %v", got)
	}
	if got := Max(nil); !math.IsNaN(got) {
		t.Errorf("Max(nil) = %v, want NaN", got)
	}
}
