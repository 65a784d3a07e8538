package views

import (
	"strconv"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
)

// TestColourMode checks that stretching keeps the true weights in the
// tooltip, says the mode on the colour bar, and leaves the result alone.
func TestColourMode(t *testing.T) {
	s := state.DefaultState(i18n.LangEN)
	s.Head = 0
	s.Stretch = true
	p := propsOf(t, s, 0)
	w := p.Result.Heads[0].Weights
	before := w.At(1, 2)
	h, tip := colourMode(WeightsHeatmap(p.Result, 0, s.Lang, false), s)
	if got, want := tip(1, 2, -7), strconv.FormatFloat(w.At(1, 2), 'f', 3, 64); !strings.Contains(got, "weight "+want) {
		t.Errorf("tooltip %q lacks the true weight %s", got, want)
	}
	if w.At(1, 2) != before {
		t.Error("stretching changed the result's weights")
	}
	o, err := h.Option()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(o, `"row max"`) || !strings.Contains(o, `"row min"`) {
		t.Error("the colour bar does not say row min and row max")
	}
	html := render(t, &AttentionView{Props: propsOf(t, s, 0)})
	if !strings.Contains(html, `id="stretch-caption"`) {
		t.Error("the attention view does not say its rows are stretched")
	}
	s.Stretch = false
	if html := render(t, &AttentionView{Props: propsOf(t, s, 0)}); strings.Contains(html, `id="stretch-caption"`) {
		t.Error("the attention view says its rows are stretched when they are not")
	}
}
