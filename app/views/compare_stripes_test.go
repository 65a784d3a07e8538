package views

import (
	"encoding/json"
	"testing"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// decalCells returns, for each cell (row, col) of option's first series,
// whether it has a decal.
func decalCells(t *testing.T, option string) map[[2]int]bool {
	t.Helper()
	var o struct {
		Series []struct {
			Data []json.RawMessage `json:"data"`
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(option), &o); err != nil || len(o.Series) == 0 {
		t.Fatalf("option: %v, %d series", err, len(o.Series))
	}
	out := map[[2]int]bool{}
	for _, raw := range o.Series[0].Data {
		d, decal := dataItem(t, raw)
		out[[2]int{int(d[1].(float64)), int(d[0].(float64))}] = decal
	}
	return out
}

// TestCompareStripes checks that the compare view stripes the cells the
// causal mask hides, as the attention view does: in the masks pair's causal
// side and difference, not its unmasked side; in the sentences' charts only
// when the causal mask is on.
func TestCompareStripes(t *testing.T) {
	for _, causal := range []bool{false, true} {
		s := state.DefaultState(i18n.LangEN)
		s.View, s.Text, s.Text2, s.Causal = "compare", "the cat sat on the mat", "the mat sat on the cat", causal
		v := &CompareView{Props: propsOf(t, s, compute.NeedComparison)}
		render(t, v)
		for _, c := range []struct {
			name   string
			option string
			masked bool
		}{
			{"nomask", v.pairs[1].a, false},
			{"causal", v.pairs[1].b, true},
			{"maskdiff", v.pairs[1].diff, true},
			{"a", v.pairs[0].a, causal},
			{"b", v.pairs[0].b, causal},
			{"diff", v.pairs[0].diff, causal},
		} {
			cells := decalCells(t, c.option)
			if len(cells) != 36 {
				t.Fatalf("causal=%v %s: %d cells, want 36", causal, c.name, len(cells))
			}
			for ij, decal := range cells {
				if want := c.masked && ij[1] > ij[0]; decal != want {
					t.Errorf("causal=%v %s: cell %v has a decal: %v, want %v", causal, c.name, ij, decal, want)
				}
			}
		}
	}
}
