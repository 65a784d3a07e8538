package model

import (
	"testing"
	"time"
)

// TestPacer checks the spacing of steps at 10 a second: the first at
// once, the next a tenth of a second after, and, behind, no burst.
func TestPacer(t *testing.T) {
	t0 := time.Unix(1000, 0)
	var p Pacer
	if w := p.Wait(0, t0); w != 0 {
		t.Fatalf("an unstarted pacer waits %v, want 0", w)
	}
	p.Start(10, 5, t0)
	if w := p.Wait(5, t0); w != 0 {
		t.Errorf("the first step waits %v, want 0", w)
	}
	if w := p.Wait(6, t0.Add(30*time.Millisecond)); w != 70*time.Millisecond {
		t.Errorf("the second step, 30 ms on, waits %v, want 70ms", w)
	}
	if w := p.Wait(6, t0.Add(100*time.Millisecond)); w != 0 {
		t.Errorf("the second step, 100 ms on, waits %v, want 0", w)
	}
	// One second late for step 8: it is due at once, and step 9 a tenth
	// of a second after it, not at once as the missed steps would be.
	late := t0.Add(1300 * time.Millisecond)
	if w := p.Wait(7, late); w != 0 {
		t.Errorf("a late step waits %v, want 0", w)
	}
	if w := p.Wait(8, late); w != 100*time.Millisecond {
		t.Errorf("the step after a late one waits %v, want 100ms", w)
	}
	p.Start(0, 8, late)
	if w := p.Wait(100, late); w != 0 {
		t.Errorf("rate 0 waits %v, want 0", w)
	}
}

// TestValidPace checks that the paces a link may name are Paces.
func TestValidPace(t *testing.T) {
	for _, r := range Paces {
		if !ValidPace(r) {
			t.Errorf("ValidPace(%d) = false", r)
		}
	}
	for _, r := range []int{-1, 1, 3, 1000} {
		if ValidPace(r) {
			t.Errorf("ValidPace(%d) = true", r)
		}
	}
}
