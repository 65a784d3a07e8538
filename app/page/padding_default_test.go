package page

import (
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestPaddingDefaultPads checks that the padding view's default shows
// padding (both shared examples have 11 tokens, so once nothing was padded
// until a button was found), and that the compare view keeps its example.
func TestPaddingDefaultPads(t *testing.T) {
	def := state.DefaultState(i18n.LangEN)
	p := &Page{}
	p.open("", def)
	p.set(app.Context{}, app.Event{}, func(s *state.State) { views.SwitchView(s, state.PaddingViewID) })
	if b := p.res.Batch; b == nil || b.Sides[1].Weights == nil || b.Sides[1].Real >= b.Length {
		t.Fatalf("the padding view's default: batch %+v, want the second sentence padded", b)
	}
	p.set(app.Context{}, app.Event{}, func(s *state.State) { views.SwitchView(s, state.CompareViewID) })
	if p.state.Text2 != def.Text2 {
		t.Errorf("back in compare, the second sentence is %q, want the example", p.state.Text2)
	}
}
