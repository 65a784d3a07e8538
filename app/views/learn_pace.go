package views

import (
	"strconv"

	"github.com/attnviz/attnviz/app/compute"
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/attention/model"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// paceField chooses how fast training runs (State.Pace): as fast as the
// machine trains, or slowed to a few steps a second for a class to watch
// the weights change step by step.
func (v *LearnView) paceField(lang string) app.UI {
	options := make([]app.UI, len(model.Paces))
	for i, p := range model.Paces {
		options[i] = Choice(strconv.Itoa(p), paceName(lang, p), p == v.Props.State.Pace)
	}
	return app.Label().Class("field").Body(
		app.Span().Class("field-name").Text(i18n.T(lang, "learn.pace")),
		app.Select().ID("pace").Attr("value", strconv.Itoa(v.Props.State.Pace)).OnChange(v.onPace).Body(options...),
	)
}

// paceName names the pace of rate steps a second in lang.
func paceName(lang string, rate int) string {
	if rate == 0 {
		return i18n.T(lang, "learn.pace.full")
	}
	return i18n.Tf(lang, "learn.pace.rate", rate)
}

// onPace trains on at the pace chosen, from the step reached.
func (v *LearnView) onPace(ctx app.Context, e app.Event) {
	n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
	if err != nil || !model.ValidPace(n) {
		return
	}
	v.Props.Set(ctx, e, func(s *state.State) { s.Pace = n })
}

// paceLeft says, while a paced run trains, how long its steps left take at
// its pace; "" otherwise. At 2 steps a second, sort's 2300 steps take 19
// minutes, which the speed select alone does not tell.
func paceLeft(tr *compute.Training, pace int, lang string) string {
	if tr == nil || !tr.Running || pace <= 0 || tr.Until <= tr.Step {
		return ""
	}
	return i18n.Tf(lang, "learn.pace.left", duration(lang, (tr.Until-tr.Step+pace-1)/pace))
}

// duration writes secs seconds in lang: 45 s, 19 min (rounded up), 1 h 5 min.
func duration(lang string, secs int) string {
	switch {
	case secs < 60:
		return i18n.Tf(lang, "time.s", secs)
	case secs < 3600:
		return i18n.Tf(lang, "time.min", (secs+59)/60)
	}
	mins := (secs + 59) / 60
	return i18n.Tf(lang, "time.h", mins/60, mins%60)
}
