package views

import (
	"slices"

	"github.com/attnviz/attnviz/app/i18n"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TokenList lists the tokens the charts show, and how many there are; on a
// keystroke the page renders it alone (Alone).
type TokenList struct {
	app.Compo

	Tokens []string // a copy: a Result's tokens are reused in place
	Stale  bool     // the input is rejected: these are the charts' tokens, no longer the text's
	Lang   string
	Alone  *Alone
}

// TokensOf returns the TokenList of p: nil where there is no result.
func TokensOf(p Props) app.UI {
	if l := tokensOf(p); l != nil {
		return l
	}
	return nil
}

// tokensOf is TokensOf as a *TokenList.
func tokensOf(p Props) *TokenList {
	if p.Result == nil {
		return nil
	}
	return &TokenList{Tokens: slices.Clone(p.Result.Tokens), Stale: p.Rejected.Key != "", Lang: p.State.Lang, Alone: p.Alone}
}

// OnMount registers the list with the page's Alone.
func (l *TokenList) OnMount(ctx app.Context) {
	l.Alone.Part(l, ctx, func(p Props) {
		if n := tokensOf(p); n != nil {
			l.Tokens, l.Stale, l.Lang = n.Tokens, n.Stale, n.Lang
		}
	}, true)
}

// OnDismount forgets it.
func (l *TokenList) OnDismount() { l.Alone.Release(l) }

// Render returns the list.
func (l *TokenList) Render() app.UI {
	items := make([]app.UI, len(l.Tokens))
	for i, t := range l.Tokens {
		items[i] = app.Li().Text(t)
	}
	return app.Div().Class("tokens", ClassIf(l.Stale, "stale")).Body(
		app.Span().Class("tokens-count").Text(TokenCount(l.Lang, len(items))),
		app.Ol().Class("token-list").Aria("label", i18n.T(l.Lang, "tokens.label")).Body(items...),
	)
}
