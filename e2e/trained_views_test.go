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
// button copies the probe into B; the student's second sentence (text2)
// is not B, and is there again once the view leaves the trained layer.
func TestCompareIntroTrained(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	const probe = "a b c d e f g h"
	for _, lang := range []string{"en", "zh"} {
		tb.open(s.URL() + "#view=compare&trained=1&task=reverse&seed=3&steps=20&lang=" + lang + "&probe=a+b+c+d+e+f+g+h&probe2=h+g+f+e+d+c+b+a&text2=My+own+sentence")
		tb.waitFor("the compare view on the trained layer", `!!document.querySelector("#compare-intro") && !!document.querySelector("#trained-bar")`, 30*time.Second)
		intro := eval[string](tb, `document.querySelector("#compare-intro").textContent`)
		if !strings.Contains(intro, probe) {
			t.Errorf("%s: the compare view's intro on the trained layer is %q, want it to name the probe %q", lang, intro, probe)
		}
		tb.screenshots("trained-compare-intro-"+lang, nil)
	}
	if box := eval[string](tb, `document.querySelector("#sentence2").value`); box != "h g f e d c b a" {
		t.Errorf("#sentence2 on the trained layer holds %q, want probe2", box)
	}
	tb.click("#copy-sentence")
	tb.waitFor("B to become the probe", `(s => s.probe2 === "a b c d e f g h" && s.text2 === "My own sentence")(window.attnviz.state()) && document.querySelector("#sentence2").value === "a b c d e f g h"`, 10*time.Second)
	tb.clickOnly("#trained-off") // B is not as long as A: a message, no charts to measure
	tb.waitFor("the sentence's compare view with the student's second sentence", `!window.attnviz.state().trained && document.querySelector("#sentence2")?.value === "My own sentence"`, 10*time.Second)
	tb.checkClean("the compare view's intro on the trained layer")
}

// TestTrainedBadProbe opens trained=1 links whose probe has a word the
// task does not know: each opens the Learn view, without the bad-link
// notice, with the message that names the word, in both languages; a
// probe fixed there leads back to the trained layer.
func TestTrainedBadProbe(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	for _, c := range []struct{ view, lang string }{{"pipeline", "en"}, {"compare", "zh"}, {"attention", "en"}} {
		tb.open(s.URL() + "#view=" + c.view + "&trained=1&task=reverse&seed=3&steps=20&lang=" + c.lang + "&probe=a+b+zebra+d")
		tb.waitFor("the Learn view", `window.attnviz.state().view === "learn" && !!document.querySelector("#probe-error")`, 20*time.Second)
		msg := eval[string](tb, `document.querySelector("#probe-error").textContent`)
		if !strings.Contains(msg, "zebra") || eval[bool](tb, `!!document.querySelector("#notice")`) {
			t.Errorf("a trained=1 %s link with an unknown word (%s): the message is %q, want it to name “zebra”, and no #notice",
				c.view, c.lang, msg)
		}
		if st := tb.state(); !eval[bool](tb, `window.attnviz.state().trained`) || !strings.HasPrefix(st.Lang, c.lang) {
			t.Errorf("the Learn view opened for a bad probe lost trained=1 or the language: %+v", st)
		}
		tb.screenshots("trained-bad-probe-"+c.view+"-"+c.lang, nil)
	}
	tb.do("fixing the probe", chromedp.SetValue(chromedp.CSS("#probe"), "a b c d"), chromedp.SendKeys(chromedp.CSS("#probe"), " e"))
	tb.waitFor("the probe accepted", `!document.querySelector("#probe-error") && !document.querySelector("#open-attention").disabled`, 20*time.Second)
	tb.do("clicking #open-attention", chromedp.Click(chromedp.CSS("#open-attention")))
	tb.waitFor("the trained layer in the attention view", `window.attnviz.state().view === "attention" && !!document.querySelector("#trained-bar")`, 20*time.Second)
	tb.checkClean("trained=1 links with an unknown word in the probe")
}
