package views

import (
	"testing"

	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// aloneHost stands for the page: it owns an Alone and renders a view and
// two parts, one re-rendered by Alone and one only handed the Props.
type aloneHost struct {
	app.Compo

	alone   Alone
	ctx     app.Context
	renders int
	text    string // the sentence its children are rendered with
}

// OnPreRender stands for OnMount, which go-app calls only in the browser.
func (h *aloneHost) OnPreRender(ctx app.Context) { h.ctx = ctx }

func (h *aloneHost) Render() app.UI {
	h.renders++
	p := Props{State: state.State{Input: state.Input{Text: h.text}}, Alone: &h.alone}
	return app.Div().Body(&aloneChild{Props: p}, &aloneChild{Props: p, part: true, render: true}, &aloneChild{Props: p, part: true})
}

// aloneChild registers as the view (part false) or as a part.
type aloneChild struct {
	app.Compo

	Props   Props
	part    bool
	render  bool
	renders int
}

// OnPreRender registers as a view or part does when mounted.
func (c *aloneChild) OnPreRender(ctx app.Context) {
	if !c.part {
		c.Props.Alone.View(c, ctx, &c.Props)
		return
	}
	c.Props.Alone.Part(c, ctx, func(p Props) { c.Props = p }, c.render)
}

func (c *aloneChild) OnDismount() { c.Props.Alone.Release(c) }

func (c *aloneChild) Render() app.UI {
	c.renders++
	return app.Span().Text(c.Props.State.Text)
}

func TestAloneRendersPartsWithoutHost(t *testing.T) {
	e := app.NewTestEngine()
	h := &aloneHost{text: "a"}
	if err := e.Load(h); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	a := &h.alone
	if a.view == nil || len(a.parts) != 2 {
		t.Fatalf("registered: view %v, %d parts; want a view and 2 parts", a.view != nil, len(a.parts))
	}
	view, drawn, handed := a.view.owner.(*aloneChild), a.parts[0].owner.(*aloneChild), a.parts[1].owner.(*aloneChild)
	hostRenders, viewRenders, drawnRenders, handedRenders := h.renders, view.renders, drawn.renders, handed.renders

	// As the page's Setter does in an event of its elements: render the
	// parts alone, and unmark the host the event marked.
	p := Props{State: state.State{Input: state.Input{Text: "c"}}, Alone: a}
	h.ctx.Dispatch(func(ctx app.Context) {
		if !a.Render(p, h.ctx.PreventUpdate) {
			t.Error("Render reported false with a view registered")
		}
		ctx.PreventUpdate()
	})
	e.ConsumeAll()
	if h.renders != hostRenders {
		t.Errorf("the host rendered %d times during an alone render, want 0", h.renders-hostRenders)
	}
	if view.renders != viewRenders+1 || drawn.renders != drawnRenders+1 {
		t.Errorf("view and drawn part rendered %d and %d times more, want 1 each", view.renders-viewRenders, drawn.renders-drawnRenders)
	}
	if handed.renders != handedRenders {
		t.Errorf("the handed part rendered %d times more, want 0", handed.renders-handedRenders)
	}
	for _, c := range []*aloneChild{view, drawn, handed} {
		if c.Props.State.Text != "c" {
			t.Errorf("a child has text %q, want the new Props' %q", c.Props.State.Text, "c")
		}
	}
	if app.HTMLString(view) != "<span>c</span>" {
		t.Errorf("the view shows %s, want c", app.HTMLString(view))
	}
}

func TestAloneWithoutView(t *testing.T) {
	var a Alone
	called := false
	a.Part(1, app.Context{}, func(Props) { called = true }, false)
	if a.Render(Props{}, func() {}) || called {
		t.Errorf("Render with no view registered: want false and nothing handed over")
	}
	a.Release(1)
	if len(a.parts) != 0 {
		t.Errorf("%d parts left after Release", len(a.parts))
	}
	var nilAlone *Alone
	nilAlone.View(1, app.Context{}, &Props{})
	if nilAlone.Render(Props{}, func() {}) {
		t.Error("a nil Alone rendered")
	}
}
