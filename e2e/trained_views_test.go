package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestTrainedNotHere opens trained=1 links in the views that keep the
// sentence (scaling, padding): each says why over the view, keeps the
// sentence box, computes the sentence, and leads to the trained layer;
// the compare view's lead on the trained layer names the probe.
func TestTrainedNotHere(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const sentence = "the cat sat on the mat"
	for _, c := range []struct{ view, lang, word string }{
		{"scaling", "en", "d_k"}, {"padding", "en", "padding"}, {"scaling", "zh", "d_k"}, {"padding", "zh", "填充"},
	} {
		tb.open(s.URL() + "#view=" + c.view + "&trained=1&task=reverse&seed=3&steps=20&lang=" + c.lang + "&text=" + strings.ReplaceAll(sentence, " ", "+"))
		tb.waitFor("the note over "+c.view, `!!document.querySelector("#trained-note")`, 20*time.Second)
		tb.settle()
		note := eval[string](tb, `document.querySelector("#trained-note").textContent`)
		if !strings.Contains(note, c.word) || eval[bool](tb, `!!document.querySelector("#trained-bar")`) {
			t.Errorf("%s (%s): the note says %q, want it to name %q, and no #trained-bar", c.view, c.lang, note, c.word)
		}
		if eval[bool](tb, `document.querySelector("#sentence").offsetParent === null`) {
			t.Errorf("%s (%s) with trained=1 hides the sentence it shows", c.view, c.lang)
		}
		if got := strings.Join(tb.result().Tokens, " "); got != sentence {
			t.Errorf("%s (%s) with trained=1 computes %q, want the sentence %q", c.view, c.lang, got, sentence)
		}
		tb.screenshots("trained-note-"+c.view+"-"+c.lang, nil)
	}
	tb.do("clicking #trained-attention", chromedp.Click(chromedp.CSS("#trained-attention")))
	tb.waitFor("the attention view on the trained layer", `(s => s.view === "attention" && s.trained)(window.attnviz.state()) && !!document.querySelector("#trained-bar")`, 20*time.Second)
	tb.checkClean("the views that keep the sentence under trained=1")
}

// TestCompareIntroTrained checks that the compare view on the trained
// layer says that A is the probe, in both languages, and that its copy
// button copies the probe.
func TestCompareIntroTrained(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const probe = "a b c d e f g h"
	for _, lang := range []string{"en", "zh"} {
		tb.open(s.URL() + "#view=compare&trained=1&task=reverse&seed=3&steps=20&lang=" + lang + "&probe=a+b+c+d+e+f+g+h&text2=h+g+f+e+d+c+b+a")
		tb.waitFor("the compare view on the trained layer", `!!document.querySelector("#compare-intro") && !!document.querySelector("#trained-bar")`, 30*time.Second)
		intro := eval[string](tb, `document.querySelector("#compare-intro").textContent`)
		if !strings.Contains(intro, probe) {
			t.Errorf("%s: the compare view's intro on the trained layer is %q, want it to name the probe %q", lang, intro, probe)
		}
		tb.screenshots("trained-compare-intro-"+lang, nil)
	}
	tb.click("#copy-sentence")
	tb.waitFor("B to become the probe", `window.attnviz.state().text2 === "a b c d e f g h"`, 10*time.Second)
	tb.checkClean("the compare view's intro on the trained layer")
}
