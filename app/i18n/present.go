package i18n

// The strings of presentation mode (app/page/present.go,
// app/views/present.go).
// presentMessages are this file's texts, a map of its own (see sources).
var presentMessages = map[string]map[string]string{
	LangEN: {
		"present.on":    "Present",
		"present.off":   "Exit",
		"present.title": "Presentation mode: full screen, a large chart and large type (key P; Esc leaves it)",
		"present.exit":  "Leave presentation mode (Esc)",
		"present.bar":   "Presentation controls",
		"present.view":  "View",
	},
	LangZH: {
		"present.on":    "演示",
		"present.off":   "退出",
		"present.title": "演示模式：全屏、大图表、大字号（按 P 键；按 Esc 退出）",
		"present.exit":  "退出演示模式（Esc）",
		"present.bar":   "演示控件",
		"present.view":  "视图",
	},
}
