//go:build !wasm

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/chromedp"
)

// namedRoles are the roles of controls, whose accessible name a screen
// reader says before their value.
var namedRoles = []string{"button", "checkbox", "combobox", "listbox", "radio", "slider", "spinbutton", "switch", "tab", "textbox", "searchbox", "link", "menuitem"}

// TestControlNames reads Chromium's accessibility tree in every view, in
// both languages, and fails on a control without a name. The temperature
// slider had none: its label held an <output> first, which the label named
// instead (axe did not see it).
func TestControlNames(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, lang := range []string{"en", "zh-Hans"} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#lang=" + lang)
		views := eval[[]string](tb, `[...document.querySelectorAll('[role="tab"][data-view]')].map(b => b.dataset.view)`)
		for _, v := range views {
			tb.showView(v)
			if bad := tb.unnamedControls(); len(bad) > 0 {
				t.Errorf("%s, view %s: controls without a name: %s", lang, v, strings.Join(bad, "; "))
			}
		}
		tb.checkClean("control names " + lang)
	}
}

// unnamedControls returns the controls of the page, in the accessibility
// tree, with an empty name: each as its role and its element's tag and id.
func (tb *tab) unnamedControls() []string {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	tree, err := chromedp.Call(ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		tb.t.Fatalf("reading the accessibility tree: %v", err)
	}
	var bad []string
	for _, n := range tree.Nodes {
		if n.Ignored || n.Role == nil || !slices.Contains(namedRoles, strings.Trim(string(n.Role.Value), `"`)) {
			continue
		}
		if n.Name != nil && strings.Trim(string(n.Name.Value), `" `) != "" {
			continue
		}
		where := "?"
		if d, err := chromedp.Call(ctx, dom.DescribeNode, dom.DescribeNodeParams{BackendNodeID: n.BackendDOMNodeID}); err == nil && d.Node != nil {
			where = d.Node.NodeName + fmt.Sprint(d.Node.Attributes)
		}
		bad = append(bad, fmt.Sprintf("%s %s", strings.Trim(string(n.Role.Value), `"`), where))
	}
	return bad
}
