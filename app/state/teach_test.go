package state

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

func TestTeachRoundTrip(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	s.Text, s.Causal, s.View = "a b c", true, "pipeline"
	tour := TeachTour{Steps: []TeachStep{{Link: StepLink(s), Note: "first: 注意"}, {Link: "view=compare&lang=en", Note: ""}}}
	enc := EncodeTeach(tour)
	got, err := DecodeTeach(enc)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Steps) != 2 || got.Steps[0] != tour.Steps[0] || got.Steps[1] != tour.Steps[1] {
		t.Errorf("decoded %+v, want %+v", got.Steps, tour.Steps)
	}
	file, err := ParseTeach(tour.JSON())
	if err != nil || len(file.Steps) != 2 || file.Steps[0] != tour.Steps[0] {
		t.Errorf("file: %+v, %v", file, err)
	}
	back, err := StepState(got.Steps[0].Link, i18n.LangZH)
	if err != nil {
		t.Fatal(err)
	}
	if back.Text != "a b c" || !back.Causal || back.View != "pipeline" || back.Lang != i18n.LangEN {
		t.Errorf("step state %+v", back)
	}
	if strings.Contains(got.Steps[0].Link, "seed=") {
		t.Errorf("step link %q carries a default setting", got.Steps[0].Link)
	}
}

// deflated returns data as a link's teach value.
func deflated(data []byte) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

func TestTeachHostile(t *testing.T) {
	bomb := deflated(bytes.Repeat([]byte(" "), maxTeachJSON+10))
	many := `{"kind":"attnviz-tour","steps":[` + strings.Repeat(`{"link":"","note":""},`, MaxTeachSteps) + `{"link":"","note":""}]}`
	for name, v := range map[string]string{
		"not base64":   "!!!",
		"not deflate":  base64.RawURLEncoding.EncodeToString([]byte("plain")),
		"not JSON":     deflated([]byte("<html>")),
		"wrong kind":   deflated([]byte(`{"kind":"other","steps":[]}`)),
		"extra field":  deflated([]byte(`{"kind":"attnviz-tour","steps":[],"x":1}`)),
		"two values":   deflated([]byte(`{"kind":"attnviz-tour","steps":[]} {}`)),
		"not UTF-8":    deflated([]byte("{\"kind\":\"attnviz-tour\",\"steps\":[{\"link\":\"\xff\",\"note\":\"\"}]}")),
		"long note":    deflated([]byte(`{"kind":"attnviz-tour","steps":[{"link":"","note":"` + strings.Repeat("x", MaxTeachNote+1) + `"}]}`)),
		"too many":     deflated([]byte(many)),
		"inflate bomb": bomb,
	} {
		if _, err := DecodeTeach(v); !errors.Is(err, ErrTeach) {
			t.Errorf("%s: error %v, want a tour error", name, err)
		}
		if _, err := DecodeState("teach="+v, DefaultState(i18n.LangEN)); !errors.Is(err, ErrTeach) {
			t.Errorf("%s: the link gives %v, want a tour error", name, err)
		}
	}
}

func TestStepStateUnknown(t *testing.T) {
	for _, link := range []string{"view=attention&colour=red", "heads=99", "teach=x", "%zz"} {
		if _, err := StepState(link, i18n.LangEN); err == nil {
			t.Errorf("%q: no error", link)
		}
	}
}

func TestTeachLinkTooLong(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	s.Teach = strings.Repeat("a", MaxTeachLink+1)
	if TeachFits(s) || strings.Contains(s.Encode(), "teach=aaa") {
		t.Error("a tour too long for a link is written into it")
	}
}

// TestTeachLargeTour checks that the page keeps a tour within the limits
// whose link would be too long (a file's 40 steps of long notes that do not
// compress): it encodes and decodes whole, as the page keeps it.
func TestTeachLargeTour(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tour := TeachTour{Kind: TeachKind}
	for range MaxTeachSteps {
		note := make([]byte, MaxTeachNote)
		for i := range note {
			note[i] = byte('!' + rng.IntN(90))
		}
		tour.Steps = append(tour.Steps, TeachStep{Link: "view=attention&text=" + string(note[:200]), Note: string(note)})
	}
	if _, err := ParseTeach(tour.JSON()); err != nil {
		t.Fatalf("the tour is not a valid file: %v", err)
	}
	enc := EncodeTeach(tour)
	if len(enc) <= maxLinkBytes {
		t.Fatalf("the tour encodes to %d bytes, not more than a link's %d: the test tests nothing", len(enc), maxLinkBytes)
	}
	got, err := DecodeTeach(enc)
	if err != nil {
		t.Fatalf("a tour of %d steps, %d bytes encoded, is lost: %v", len(tour.Steps), len(enc), err)
	}
	if len(got.Steps) != MaxTeachSteps || got.Steps[39].Note != tour.Steps[39].Note {
		t.Errorf("decoded %d steps, want %d, the last note kept", len(got.Steps), MaxTeachSteps)
	}
}
