package page

import (
	"github.com/attnviz/attnviz/app/i18n"
	"github.com/attnviz/attnviz/app/state"
	"github.com/attnviz/attnviz/app/views"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// tabs switches between the views: a tablist, whose keys are
// views.Shortcuts' (app/views/view_tabs.go).
func (p *Page) tabs(lang string) app.UI {
	tabs := make([]app.UI, len(registry))
	for i, v := range registry {
		on := v.ID == p.state.View
		tabs[i] = app.Button().
			Type("button").
			ID(views.TabID(v.ID)).
			Role("tab").
			Class("tab", views.ClassIf(on, "on")).
			Aria("selected", on).
			Aria("controls", views.TabPanelID).
			TabIndex(tabIndex(on)).
			DataSet("view", v.ID).
			Text(i18n.T(lang, "view."+v.ID)).
			OnClick(func(ctx app.Context, e app.Event) {
				p.set(ctx, e, func(s *state.State) { views.SwitchView(s, v.ID) })
			})
	}
	return app.Nav().Class("tabs").Role("tablist").Aria("label", i18n.T(lang, "views.label")).Attr("inert", notYet()).
		Body(tabs...)
}

// tabIndex is a tab's tabindex: 0 for the open view's, which Tab reaches,
// −1 for the others, which the arrow keys reach.
func tabIndex(on bool) int {
	if on {
		return 0
	}
	return -1
}
