package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestLinkOneBadValue opens links with one value the page cannot use (the
// session-12 exploratory test's): the view, the sentence and the good
// settings are kept, the notice names the bad value and what is used
// instead, and the address bar shows what is used. Such links once opened
// the default view with "could not be read".
func TestLinkOneBadValue(t *testing.T) {
	s := newSite(t, rootPrefix)
	for _, c := range []struct {
		name, suffix, view, named, hash string
	}{
		{"heads", "#text=a+b+c&heads=3&causal=1&view=compare", "compare", "heads=3", "heads=2"},
		{"cross", "#text=a+b+c&cross=1&text2=&view=compare&lang=zh-Hans", "compare", "text2=", "cross=1"},
		{"temperature", "#text=a+b+c&temp=1e308&view=scaling&lang=zh-Hans", "scaling", "temp=1e308", "temp=10&"},
	} {
		t.Run(c.name, func(t *testing.T) {
			tb := newTab(t, s)
			tb.open(s.URL() + c.suffix)
			st := tb.state()
			if st.View != c.view || st.Text != "a b c" {
				t.Errorf("view %q, sentence %q; want %q, \"a b c\"", st.View, st.Text, c.view)
			}
			notice := eval[string](tb, `document.querySelector("#notice")?.textContent ?? ""`)
			if !strings.Contains(notice, c.named) {
				t.Errorf("the notice %q does not name %s", notice, c.named)
			}
			tb.waitFor("the link of what is used", `location.hash.includes(`+jsString(c.hash)+`) && location.hash.includes("view=`+c.view+`")`, 10*time.Second)
			tb.screenshots("link-one-bad-"+c.name, nil)
			tb.checkClean("a link with one bad value")
		})
	}
}
