package text

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestEmbedDeterministic(t *testing.T) {
	tokens := []string{"the", "cat", "sat", "on", "the", "mat", "注", "👍🏽"}
	var a, b mat.Dense
	Embed(&a, tokens, 16, 7)
	Embed(&b, tokens, 16, 7)
	if r, c := a.Dims(); r != len(tokens) || c != 16 {
		t.Fatalf("dims %d×%d, want %d×16", r, c, len(tokens))
	}
	if !mat.Equal(&a, &b) {
		t.Error("two Embed calls with the same arguments differ")
	}
	if !mat.Equal(a.RowView(0), a.RowView(4)) {
		t.Error(`the two "the" rows differ`)
	}
	if mat.Equal(a.RowView(0), a.RowView(1)) {
		t.Error(`"the" and "cat" have the same vector`)
	}

	// The same token has the same vector in another sentence and at another position.
	var c mat.Dense
	Embed(&c, []string{"mat", "the"}, 16, 7)
	if !mat.Equal(c.RowView(1), a.RowView(0)) || !mat.Equal(c.RowView(0), a.RowView(5)) {
		t.Error("a token's vector depends on its sentence")
	}
	// Case matters, as tokens are not lowercased.
	Embed(&c, []string{"The"}, 16, 7)
	if mat.Equal(c.RowView(0), a.RowView(0)) {
		t.Error(`"The" and "the" have the same vector`)
	}
	// Another seed, another vector.
	Embed(&c, []string{"the"}, 16, 8)
	if mat.Equal(c.RowView(0), a.RowView(0)) {
		t.Error("seeds 7 and 8 give the same vector")
	}
	// A wider embedding starts with the narrower one.
	Embed(&c, []string{"the"}, 32, 7)
	if !mat.Equal(c.Slice(0, 1, 0, 16), a.Slice(0, 1, 0, 16)) {
		t.Error("the first 16 entries depend on d_model")
	}
}

func TestEmbedReusesDst(t *testing.T) {
	dst := mat.NewDense(10, 10, nil)
	Embed(dst, []string{"a", "b"}, 3, 1)
	if r, c := dst.Dims(); r != 2 || c != 3 {
		t.Fatalf("dims %d×%d, want 2×3", r, c)
	}
	var want mat.Dense
	Embed(&want, []string{"a", "b"}, 3, 1)
	if !mat.Equal(dst, &want) {
		t.Error("a reused dst holds other values than a fresh one")
	}
	Embed(dst, nil, 3, 1)
	if !dst.IsEmpty() {
		t.Error("Embed with no tokens leaves dst non-empty")
	}
}

func TestEmbedMoments(t *testing.T) {
	tokens := make([]string, 0, 400)
	for i := range 400 {
		tokens = append(tokens, string(rune('A'+i%26))+string(rune('a'+i/26)))
	}
	var e mat.Dense
	Embed(&e, tokens, 64, 3)
	var sum, sq float64
	for _, v := range e.RawMatrix().Data {
		sum += v
		sq += v * v
	}
	n := float64(len(e.RawMatrix().Data))
	if mean, variance := sum/n, sq/n-(sum/n)*(sum/n); math.Abs(mean) > 0.03 || math.Abs(variance-1) > 0.05 {
		t.Errorf("mean %v, variance %v; want about 0 and 1", mean, variance)
	}
}

func TestEmbedPanicsOnBadWidth(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("Embed with dModel 0 did not panic")
		}
	}()
	var dst mat.Dense
	Embed(&dst, []string{"a"}, 0, 1)
}

// TestGolden pins exact bits, so that a change of stream, hash or arithmetic,
// or a platform that computes differently (run the tests with GOARCH=wasm),
// is noticed.
func TestGolden(t *testing.T) {
	var e mat.Dense
	Embed(&e, []string{"attention", "注"}, 4, 42)
	want := []uint64{
		0x3ff1ebedba6bcc16, 0x3fef538fbcb9b17a, 0x3ffbfff2ae95d841, 0xbfe4a046cf70aaea,
		0xbfd7b69f6ea9bfdf, 0x3fdfba71993d781f, 0xbfccfeeaab2544cb, 0xbfd529fd99bd4a0c,
	}
	for i, v := range e.RawMatrix().Data {
		if math.Float64bits(v) != want[i] {
			t.Errorf("embedding entry %d = %v (%#016x), want %v (%#016x)", i, v, math.Float64bits(v), math.Float64frombits(want[i]), want[i])
		}
	}
	AddPositional(&e)
	wantPE := []uint64{0x3fde2409af6859fd, 0x3ff093b06e29e14e, 0xbfcbb73dfc93e64b, 0x3fe56a9857cef2a4}
	for i, v := range e.RawRowView(1) {
		if math.Float64bits(v) != wantPE[i] {
			t.Errorf("row 1 entry %d with PE = %v (%#016x), want %#016x", i, v, math.Float64bits(v), wantPE[i])
		}
	}
}

func TestAddPositionalFormula(t *testing.T) {
	for _, d := range []int{1, 2, 3, 7, 8, 64, 129} {
		const rows = MaxTokens
		m := mat.NewDense(rows, d, nil)
		m.Apply(func(i, j int, _ float64) float64 { return float64(i*d + j) }, m) // PE is added
		AddPositional(m)
		for pos := range rows {
			for j := range d {
				i := j / 2
				angle := float64(pos) / math.Pow(10000, float64(2*i)/float64(d))
				want := float64(pos*d + j)
				if j%2 == 0 {
					want += math.Sin(angle)
				} else {
					want += math.Cos(angle)
				}
				if got := m.At(pos, j); math.Abs(got-want) > 1e-12*math.Max(1, math.Abs(want)) {
					t.Fatalf("d=%d: PE[%d,%d] = %v, want %v", d, pos, j, got, want)
				}
			}
		}
	}
	var empty mat.Dense
	AddPositional(&empty) // no panic
}
