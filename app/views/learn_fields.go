package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// fieldMax is the largest value each of the Learn view's number fields
// takes, as its message says it.
var fieldMax = map[string]string{
	"learn-seed": strconv.Itoa(state.MaxSeed),
	"lr":         strconv.Itoa(state.MaxLR),
	"until":      strconv.Itoa(state.MaxSteps),
}

// reject keeps the field id's old value and remembers what was typed into
// it, which the field's message then names.
func (v *LearnView) reject(ctx app.Context, id, old string) {
	typed := ctx.JSSrc().Get("value").String()
	ctx.JSSrc().Set("value", old)
	if v.bad == nil {
		v.bad = map[string]string{}
	}
	v.bad[id] = typed
}

// accept forgets a rejected value of the field id.
func (v *LearnView) accept(id string) { delete(v.bad, id) }

// fieldNote says what the field id takes after a value was rejected; nil
// when none was.
func (v *LearnView) fieldNote(id, value, lang string) app.UI {
	typed, ok := v.bad[id]
	if !ok {
		return nil
	}
	return app.Span().ID(id + "-error").Class("field-error").Role("alert").
		Text(i18n.Tf(lang, "learn.bad."+id, typed, fieldMax[id], value))
}
