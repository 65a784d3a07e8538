package views

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// LearnRedraw lets the page redraw the Learn view alone while a model
// trains: ten times a second, the view's new Props go to the mounted view,
// which go-app then renders by itself, instead of the whole page (its
// header, tabs, sidebar and tools, which training does not change) being
// rendered and compared again. The page owns it; the view registers with it
// through Props.Redraw.
type LearnRedraw struct {
	view *LearnView
	ctx  app.Context
}

// own registers v, mounted with ctx.
func (r *LearnRedraw) own(v *LearnView, ctx app.Context) {
	if r != nil {
		r.view, r.ctx = v, ctx
	}
}

// release forgets v, if it is still the one registered.
func (r *LearnRedraw) release(v *LearnView) {
	if r != nil && r.view == v {
		r.view = nil
	}
}

// Draw hands p to the mounted Learn view and has go-app render it alone. It
// reports false, doing nothing, when no Learn view is mounted.
func (r *LearnRedraw) Draw(p Props) bool {
	if r == nil || r.view == nil || r.ctx.Context == nil {
		return false
	}
	v := r.view
	r.ctx.Dispatch(func(app.Context) { v.Props = p })
	return true
}
