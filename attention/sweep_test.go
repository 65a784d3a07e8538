package attention

import (
	"math"
	"testing"
)

func sweepSpec(text string, seed int64) *Spec {
	return &Spec{Text: &text, Heads: 2, DModel: 16, Seed: seed, Mask: "none"}
}

// TestSaturation checks the claim the d_k sweep shows: without the division
// by √d_k, wide queries and keys saturate the softmax (the largest weight
// goes towards 1, the entropy towards 0); with it they do not.
func TestSaturation(t *testing.T) {
	var e Engine
	var w SweepWeights
	spec := sweepSpec("the quick brown fox jumps over the lazy dog again", 1)
	n := 10.0
	for _, dk := range []int{2, 16, 128} {
		for _, scale := range []bool{true, false} {
			mx, ent, err := w.Saturation(&e, spec, dk, scale)
			if err != nil {
				t.Fatalf("d_k %d, scale %v: %v", dk, scale, err)
			}
			if mx < 1/n-1e-12 || mx > 1 || ent < 0 || ent > math.Log(n)+1e-12 {
				t.Errorf("d_k %d, scale %v: max %v, entropy %v, outside [1/n, 1] and [0, ln n]", dk, scale, mx, ent)
			}
		}
	}
	scaledMax, scaledEnt, _ := w.Saturation(&e, spec, 128, true)
	rawMax, rawEnt, _ := w.Saturation(&e, spec, 128, false)
	if rawMax < 0.6 || rawMax < 2*scaledMax || rawEnt >= scaledEnt {
		t.Errorf("d_k 128: unscaled max %.3f, entropy %.3f; scaled %.3f, %.3f: want the unscaled saturated (max > 0.6, twice the scaled) and its entropy lower",
			rawMax, rawEnt, scaledMax, scaledEnt)
	}
	if smallMax, _, _ := w.Saturation(&e, spec, 2, false); smallMax >= rawMax {
		t.Errorf("unscaled max weight at d_k 2 (%.3f) not below d_k 128's (%.3f)", smallMax, rawMax)
	}
	if spec.DK != 0 || spec.Scale != nil || spec.Wq != nil {
		t.Errorf("Saturation changed its spec: %+v", spec)
	}
}

// TestSaturationWeights checks that SweepWeights keeps its weights for a
// seed, d_model and heads, and makes new ones for another seed.
func TestSaturationWeights(t *testing.T) {
	var e Engine
	var w, fresh SweepWeights
	a, b := sweepSpec("one two three four", 1), sweepSpec("one two three four", 2)
	m1, e1, _ := w.Saturation(&e, a, 8, false)
	m2, e2, _ := w.Saturation(&e, b, 8, false)
	m3, e3, _ := w.Saturation(&e, a, 8, false)
	m4, e4, _ := fresh.Saturation(&e, a, 8, false)
	if m1 != m3 || e1 != e3 || m1 != m4 || e1 != e4 {
		t.Errorf("the same spec gives %v %v, then %v %v, and fresh weights %v %v", m1, e1, m3, e3, m4, e4)
	}
	if m1 == m2 && e1 == e2 {
		t.Errorf("seeds 1 and 2 give the same saturation %v %v", m1, e1)
	}
}

func TestSaturationError(t *testing.T) {
	var e Engine
	var w SweepWeights
	spec := sweepSpec("a b c", 1)
	spec.Mask = "sideways"
	if _, _, err := w.Saturation(&e, spec, 4, true); err == nil {
		t.Error("an invalid mask gave no error")
	}
}

// TestSaturationHeads checks that the heads' SaturationHead, added in order
// and divided by their number, are Saturation's to the bit, and that a spec
// Saturation rejects is rejected head by head too.
func TestSaturationHeads(t *testing.T) {
	var e, eh Engine
	var w SweepWeights
	spec := sweepSpec("the quick brown fox jumps over the lazy dog again", 3)
	spec.Heads, spec.Mask = 4, "causal"
	for _, dk := range []int{2, 16, 128} {
		for _, scale := range []bool{true, false} {
			mx, ent, err := w.Saturation(&e, spec, dk, scale)
			if err != nil {
				t.Fatal(err)
			}
			var sumMax, sumEnt float64
			for h := range spec.Heads {
				m, en, err := w.SaturationHead(&eh, spec, dk, scale, h)
				if err != nil {
					t.Fatalf("d_k %d, head %d: %v", dk, h, err)
				}
				sumMax += m
				sumEnt += en
			}
			n := float64(spec.Heads)
			if sumMax/n != mx || sumEnt/n != ent {
				t.Errorf("d_k %d, scale %v: heads give %v %v, the whole run %v %v", dk, scale, sumMax/n, sumEnt/n, mx, ent)
			}
		}
	}
	// Too many heads for the whole run, not for one of them.
	many := sweepSpec("a b c", 1)
	many.Heads = MaxHeads + 1
	if _, _, err := w.Saturation(&e, many, 2, true); err == nil {
		t.Fatal("the spec was not rejected: the test needs another")
	}
	if _, _, err := w.SaturationHead(&eh, many, 2, true, 0); err == nil {
		t.Error("SaturationHead accepted a spec Saturation rejects")
	}
}
