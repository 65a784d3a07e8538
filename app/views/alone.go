package views

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Rendering a keystroke's change without rendering the whole page.
//
// An event of the page's own elements (#sentence) has go-app render the
// Page in its next frame: the header, the tabs, the sidebar, the tools and
// the view, each child compared and rendered again (a child with a function
// field, such as a Setter, is always rendered again). A keystroke that
// changes only the sentence changes, around the view, only the list of
// tokens and which preset is pressed. Alone lets the page render those
// parts by themselves: each registers when mounted; the page hands them
// the new Props and has go-app render them alone (Render), or, for a part
// whose look does not change but whose handlers read its Props when
// called (the export menu), only hands them over.

// Alone is the page's register of the parts it can render alone. The page
// owns it; the parts reach it through Props.Alone.
type Alone struct {
	view  *alonePart   // the view shown; nil for none registered
	parts []*alonePart // the page's other parts
}

// alonePart is one registered part: owner, mounted with ctx, takes new
// Props by take; render says whether its look follows them.
type alonePart struct {
	owner  any
	ctx    app.Context
	take   func(Props)
	render bool
}

// View registers the view shown, owner, mounted with ctx, whose Props are
// *props.
func (a *Alone) View(owner any, ctx app.Context, props *Props) {
	if a != nil {
		a.view = &alonePart{owner: owner, ctx: ctx, take: func(p Props) { *props = p }, render: true}
	}
}

// Part registers another part of the page, owner, mounted with ctx: take
// hands it new Props, and render says whether it is rendered again then.
func (a *Alone) Part(owner any, ctx app.Context, take func(Props), render bool) {
	if a == nil {
		return
	}
	a.Release(owner)
	a.parts = append(a.parts, &alonePart{owner: owner, ctx: ctx, take: take, render: render})
}

// Release forgets owner, if registered: a view switched to may mount before
// the one it replaces is dismounted.
func (a *Alone) Release(owner any) {
	if a == nil {
		return
	}
	if a.view != nil && a.view.owner == owner {
		a.view = nil
	}
	for i, p := range a.parts {
		if p.owner == owner {
			a.parts = append(a.parts[:i], a.parts[i+1:]...)
			return
		}
	}
}

// Render hands p to the view and the other parts, and has go-app render
// those whose look follows p, alone, in its next frame. It reports false,
// doing nothing, when no view is registered. keep is called in each
// render's dispatch: go-app marks every component above a dispatching one
// for rendering too, and keep (the page's PreventUpdate) unmarks the page.
func (a *Alone) Render(p Props, keep func()) bool {
	if a == nil || a.view == nil {
		return false
	}
	for _, part := range append([]*alonePart{a.view}, a.parts...) {
		if !part.render {
			part.take(p)
			continue
		}
		part.ctx.Dispatch(func(app.Context) {
			part.take(p)
			keep()
		})
	}
	return true
}
