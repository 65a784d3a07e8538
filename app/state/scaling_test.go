package state

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/attnviz/attnviz/app/i18n"
)

func TestScalingStateRoundTrip(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	for _, s := range []State{
		{Input: Input{Text: "a b", Heads: 2, DModel: 16, Seed: 1, NoScale: true, Temperature: 0.1, DK: 64}, Head: HeadMean, View: "scaling", Lang: i18n.LangEN, Text2: "b a"},
		{Input: Input{Text: "a b", Heads: 1, DModel: 4, Seed: 1, Temperature: 10, DK: 2}, Head: 0, View: "compare", Lang: i18n.LangZH, Text2: "注意力 <img src=x> &=#%"},
		{Input: Input{Text: "x", Heads: 1, DModel: 4, Temperature: TemperatureOfSlider(7), DK: 128}, View: "padding", Lang: i18n.LangEN},
	} {
		link := s.Encode()
		got, err := DecodeState(link, def)
		if err != nil || got != s {
			t.Errorf("DecodeState(%q) = %+v, %v; want %+v", link, got, err, s)
		}
	}
}

func TestScalingStateDecode(t *testing.T) {
	def := DefaultState(i18n.LangEN)
	ok := []struct {
		link string
		want func(*State)
	}{
		{"scale=0", func(s *State) { s.NoScale = true }},
		{"scale=1", func(s *State) {}},
		{"temp=2.5", func(s *State) { s.Temperature = 2.5 }},
		{"temp=1", func(s *State) { s.Temperature = 0 }},
		{"temp=1000", func(s *State) { s.Temperature = MaxUITemperature }},   // clamped
		{"temp=1e-300", func(s *State) { s.Temperature = MinUITemperature }}, // clamped
		{"temp=1e400", nil}, // ±Inf
		{"dk=auto", func(s *State) { s.DK = 0 }},
		{"dk=64", func(s *State) { s.DK = 64 }},
		{"dk=3", func(s *State) { s.DK = 4 }},      // nearest choice
		{"dk=1000", func(s *State) { s.DK = 128 }}, // nearest choice
		{"text2=hello%20world", func(s *State) { s.Text2 = "hello world" }},
		{"text2=", func(s *State) { s.Text2 = "" }},
	}
	for _, tt := range ok {
		got, err := DecodeState(tt.link, def)
		if tt.want == nil {
			if err == nil {
				t.Errorf("DecodeState(%q) = %+v, want an error", tt.link, got)
			}
			continue
		}
		want := def
		tt.want(&want)
		if err != nil || got != want {
			t.Errorf("DecodeState(%q) = %+v, %v; want %+v", tt.link, got, err, want)
		}
	}
	for _, link := range []string{
		"scale=2", "scale=", "scale=true",
		"temp=NaN", "temp=nan", "temp=Inf", "temp=-Inf", "temp=-1", "temp=0", "temp=", "temp=abc",
		"temp=1,5", "temp=" + strings.Repeat("1", 100), "temp=1&temp=2",
		"dk=0", "dk=-4", "dk=64.0", "dk=0x40", "dk=064", "dk=%2064", "dk=99999999999999999999", "dk=Auto",
		"text2=a%0Ab", "text2=a%0Db", "text2=%ff%fe", "text2=" + strings.Repeat("a", MaxTextBytes+1),
		"text2=a&text2=b",
	} {
		got, err := DecodeState(link, def)
		if err == nil {
			t.Errorf("DecodeState(%q) = %+v, want an error", link, got)
		} else if got != def {
			t.Errorf("DecodeState(%q) gave %+v with its error, want the default", link, got)
		}
	}
}

func TestScalingSpec(t *testing.T) {
	s := DefaultState(i18n.LangEN)
	spec := s.Spec()
	if spec.Scale != nil || spec.Temperature != nil || spec.DK != 0 {
		t.Errorf("default spec: scale %v temperature %v d_k %d, want the engine's defaults", spec.Scale, spec.Temperature, spec.DK)
	}
	s.NoScale, s.Temperature, s.DK = true, 0.5, 64
	spec = s.Spec()
	if spec.Scale == nil || *spec.Scale || spec.Temperature == nil || *spec.Temperature != 0.5 || spec.DK != 64 {
		t.Errorf("spec %+v", spec)
	}
	if o := DefaultState(i18n.LangEN); o.SameInput(s) {
		t.Error("SameInput ignores scale, temperature and d_k")
	}
	b, _ := json.Marshal(s)
	var j map[string]any
	json.Unmarshal(b, &j)
	if j["scale"] != false || j["temperature"] != 0.5 || j["d_k"] != 64.0 || j["text2"] != s.Text2 {
		t.Errorf("state JSON %s", b)
	}
	b, _ = json.Marshal(DefaultState(i18n.LangEN))
	if !strings.Contains(string(b), `"temperature":1,`) || !strings.Contains(string(b), `"scale":true`) {
		t.Errorf("default state JSON %s", b)
	}
}

func TestTemperatureSlider(t *testing.T) {
	for pos := -TemperatureSteps; pos <= TemperatureSteps; pos++ {
		tt := TemperatureOfSlider(pos)
		if tt < MinUITemperature || tt > MaxUITemperature {
			t.Errorf("slider %d: temperature %v out of range", pos, tt)
		}
		if back := SliderOfTemperature(tt); back != pos {
			t.Errorf("slider %d → %v → %d", pos, tt, back)
		}
	}
	if TemperatureOfSlider(0) != 1 || TemperatureOfSlider(-TemperatureSteps) != 0.1 || TemperatureOfSlider(TemperatureSteps) != 10 {
		t.Error("slider ends and middle are not 0.1, 1, 10")
	}
	for _, tc := range []struct{ in, want float64 }{{0, 1}, {math.NaN(), 1}, {math.Inf(1), 1}, {0.01, 0.1}, {50, 10}, {3, 3}} {
		if got := ClampTemperature(tc.in); got != tc.want {
			t.Errorf("ClampTemperature(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
