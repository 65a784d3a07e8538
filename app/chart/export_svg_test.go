package chart

import (
	"encoding/xml"
	"io"
	"strings"
	"testing"
)

// TestSVGWithCaption checks that the captioned SVG is well-formed XML, keeps
// the chart's texts, says the caption (escaped) and is 28 px taller.
func TestSVGWithCaption(t *testing.T) {
	chartSVG := `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<svg width="300" height="200" xmlns="http://www.w3.org/2000/svg"><text x="1" y="2" style="font-size:14px;font-family:` + fontStack + `;">cat</text><text>&lt;pad&gt;</text></svg>`
	caption := `“A <b> & "c"” · head 1 of 2`
	out := SVGWithCaption(chartSVG, 300, 200, caption)

	var root struct {
		XMLName xml.Name
		Width   string   `xml:"width,attr"`
		Height  string   `xml:"height,attr"`
		Texts   []string `xml:"text"`
		Inner   struct {
			Texts []string `xml:"text"`
		} `xml:"svg"`
	}
	if err := xml.Unmarshal([]byte(out), &root); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, out)
	}
	if root.XMLName.Local != "svg" || root.Width != "300" || root.Height != "228" {
		t.Errorf("root %s %s×%s, want svg 300×228", root.XMLName.Local, root.Width, root.Height)
	}
	if len(root.Texts) != 1 || root.Texts[0] != caption {
		t.Errorf("caption texts %q, want [%q]", root.Texts, caption)
	}
	if want := []string{"cat", "<pad>"}; strings.Join(root.Inner.Texts, "|") != strings.Join(want, "|") {
		t.Errorf("the chart's texts %q, want %q", root.Inner.Texts, want)
	}
	if strings.Contains(out, "<?xml") {
		t.Error("the chart's XML declaration is kept inside the document")
	}
	// Every token, to the end.
	d := xml.NewDecoder(strings.NewReader(out))
	for {
		if _, err := d.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("token: %v", err)
		}
	}
}

// TestCaptionFit checks that a short caption keeps its size, and a long one
// gets smaller and, too long even then, squeezed into the room.
func TestCaptionFit(t *testing.T) {
	if got := captionFit("short", 400); got != `" font-size="13"` {
		t.Errorf("short caption: %s", got)
	}
	long := strings.Repeat("a long caption ", 4)
	got := captionFit(long, 400)
	if strings.Contains(got, `font-size="13"`) || strings.Contains(got, "textLength") {
		t.Errorf("a caption a little too long: %s, want a smaller size only", got)
	}
	if got := captionFit(strings.Repeat(long, 8), 400); !strings.Contains(got, `font-size="8"`) || !strings.Contains(got, `textLength="400"`) {
		t.Errorf("a caption far too long: %s, want 8 px squeezed into 400", got)
	}
}
