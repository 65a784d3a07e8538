package compute

import (
	"math"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

func TestCrossMode(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Text, s.Text2, s.Cross, s.View = "le chat dort", "the black cat sleeps now", true, state.CompareViewID
	s.Cell = state.CellRef{I: 2, J: 4, On: true}
	var c Computer
	res := c.Update(s, NeedComparison)
	if res.Result == nil || res.Comparison != nil || res.Cross == nil {
		t.Fatalf("cross results: %+v", res)
	}
	r := res.Result
	if n, m := r.WeightsMean.Dims(); n != 3 || m != 5 || len(r.TokensKV) != 5 {
		t.Fatalf("weights %d×%d, tokens_kv %q", n, m, r.TokensKV)
	}
	x := res.Cross
	if x.I != 2 || x.J != 4 || x.TokenI != "dort" || x.TokenJ != "now" {
		t.Errorf("the cell checked: %+v", x)
	}
	if x.Dot != x.Score || math.Abs(x.Bilinear-x.Dot) > 1e-12*math.Max(1, math.Abs(x.Dot)) || x.Score == 0 {
		t.Errorf("bilinear %v, dot %v, score %v", x.Bilinear, x.Dot, x.Score)
	}
	// A change of the key side's sentence runs the engine again.
	s.Text2 = "the cat"
	if res = c.Update(s, NeedComparison); len(res.Result.TokensKV) != 2 || res.Cross.J != 0 {
		t.Errorf("after text2 changed: tokens_kv %q, cell %+v", res.Result.TokensKV, res.Cross)
	}
	// Another view is self-attention again.
	s.View = "attention"
	if res = c.Update(s, 0); res.Result.XKV != nil || res.Cross != nil {
		t.Error("the attention view kept cross-attention")
	}
}
