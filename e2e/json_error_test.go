package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestMatricesJSONMistake imports JSON with NaN on the Chinese page: the
// message is Chinese and says the line and column, not a byte offset in
// encoding/json's English; then a spec the engine rejects: its problem is
// said in Chinese too.
func TestMatricesJSONMistake(t *testing.T) {
	s := newSite(t, rootPrefix)
	tb := newTab(t, s)
	tb.open(s.URL() + "#view=matrices&lang=zh-Hans")
	tb.mxEditJSON(`{"x":[[1,2],[3,NaN]]}`)
	tb.do("importing", chromedp.Click(chromedp.CSS("#mx-import")))
	tb.waitFor("the import error", `!!document.querySelector("#mx-json-error:not(.before-edit)")`, 10*time.Second)
	msg := eval[string](tb, `document.querySelector("#mx-json-error").textContent`)
	if !strings.Contains(msg, "第 1 行第 16 列") || !strings.Contains(msg, "NaN") {
		t.Errorf("message %q does not say line 1, column 16, at NaN", msg)
	}
	for _, jargon := range []string{"byte", "invalid", "spec:", "character"} {
		if strings.Contains(msg, jargon) {
			t.Errorf("message %q has the parser's %q", msg, jargon)
		}
	}
	tb.mxEditJSON(`{"x":[[1,2],[3,4]],"heads":3}`)
	tb.do("importing", chromedp.Click(chromedp.CSS("#mx-import")))
	tb.waitFor("the engine's error", `document.querySelector("#mx-json-error:not(.before-edit)")?.textContent.includes("heads")`, 10*time.Second)
	msg = eval[string](tb, `document.querySelector("#mx-json-error").textContent`)
	if !strings.Contains(msg, "不能整除") || strings.Contains(msg, "does not divide") {
		t.Errorf("the engine's problem %q is not in Chinese", msg)
	}
}
