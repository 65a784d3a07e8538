//go:build !wasm

package e2e

import (
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	appstate "github.com/attnviz/attnviz/app/state"
)

// keyTour is a teacher's tour of three views, as a link carries it.
func keyTour() string {
	return appstate.EncodeTeach(appstate.TeachTour{Steps: []appstate.TeachStep{
		{Link: "view=attention&text=the+cat+sat", Note: "1 一"},
		{Link: "view=pipeline&causal=1", Note: "2 二"},
		{Link: "view=compare", Note: "3 三"},
	}})
}

// TestMyTourKeys walks a teacher's tour with ← and → alone, from its first
// step to its last and back, in both languages; the arrows leave a text
// box and a heatmap walked by the keys their own.
func TestMyTourKeys(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, lang := range []string{"en", "zh-Hans"} {
		tb := newTab(t, s)
		tb.open(s.URL() + "#view=attention&text=the+cat+sat&lang=" + lang + "&teach=" + url.QueryEscape(keyTour()) + "&tstep=1")
		tb.checkPlaying(1, "attention", "1 一")
		head := tb.state().Head
		tb.pageKey(kb.ArrowRight)
		tb.checkPlaying(2, "pipeline", "2 二")
		tb.pageKey(kb.ArrowRight)
		tb.checkPlaying(3, "compare", "3 三")
		tb.pageKey(kb.ArrowRight) // the last step: nowhere to go
		tb.settle()
		tb.checkPlaying(3, "compare", "3 三")
		tb.pageKey(kb.ArrowLeft)
		tb.checkPlaying(2, "pipeline", "2 二")
		tb.pageKey(kb.ArrowLeft)
		tb.checkPlaying(1, "attention", "1 一")
		if h := tb.state().Head; h != head {
			t.Errorf("%s: the arrows changed the head too: %s, was %s", lang, h, head)
		}

		// Typed into the sentence, or walking the heatmap, → stays there.
		for _, sel := range []string{"#sentence", "#heatmap-keys"} {
			eval[chromedp.Void](tb, `document.querySelector("`+sel+`").focus()`)
			tb.do("→ in "+sel, chromedp.KeyEvent(kb.ArrowRight))
			tb.do("waiting", chromedp.Sleep(300*time.Millisecond))
			tb.checkPlaying(1, "attention", "1 一")
		}
		tb.teachShots("mytour-keys-"+lang, "#teach-bar")
		tb.checkClean("a teacher's tour by the keys, " + lang)
	}
}

// pageKey presses key with the focus on the page itself.
func (tb *tab) pageKey(key string) {
	tb.t.Helper()
	eval[chromedp.Void](tb, `document.activeElement?.blur()`)
	tb.do("pressing "+key, chromedp.KeyEvent(key))
}
