package main

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

func TestLearnRedrawRows(t *testing.T) {
	if rows := (&results{}).learnRedrawRows(); rows != nil {
		t.Errorf("not measured: %+v, want no row", rows)
	}
	for _, c := range []struct {
		m    learnRedraw
		want string
	}{
		{learnRedraw{ran: true, perSecond: 12.5, charts: 8, took: 9 * time.Second}, Pass},
		{learnRedraw{ran: true, perSecond: 4, charts: 8, took: 9 * time.Second}, Miss},
		{learnRedraw{ran: true, perSecond: math.NaN(), err: errors.New("no Chromium")}, NA},
	} {
		rows := (&results{learn: c.m}).learnRedrawRows()
		if len(rows) != 1 || rows[0].Result != c.want || rows[0].Target != "≥ 10 a second" {
			t.Errorf("%+v: %+v, want one row, %v", c.m, rows, c.want)
			continue
		}
		if c.m.err == nil && !strings.Contains(rows[0].Measured, "of 8 heatmaps") {
			t.Errorf("%+v: measured %q", c.m, rows[0].Measured)
		}
	}
}
