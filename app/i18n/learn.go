package i18n

// The strings of the Learn view (app/views/learn_view.go).
var _ = registerMessages(learnMessages)

// learnMessages are this file's texts, a map of its own (see registerMessages).
var learnMessages = map[string]map[string]string{
	LangEN: {
		"view.learn": "Learn",

		"learn.title":          "Train a model and watch attention learn",
		"learn.intro":          "A small transformer made only of attention learns a task from random weights. Press Train: every head's weights on the probe sequence below change as it learns, beside what they were at step 0.",
		"learn.task":           "Task",
		"learn.lr":             "Learning rate",
		"learn.until":          "Stop at step",
		"learn.train":          "Train",
		"learn.pause":          "Pause",
		"learn.step":           "Step",
		"learn.reset":          "Reset",
		"learn.status":         "Step %d of %d · loss %s · held-out accuracy %s",
		"learn.status.running": "Training: step %d of %d · loss %s · held-out accuracy %s",
		"learn.status.done":    "Step %d: training stops at step %d (raise it to train on) · loss %s · held-out accuracy %s",
		"learn.diverged":       "Training diverged at step %d: the loss is no longer a finite number, so it stopped. Lower the learning rate (now %s), for example to %s; that starts again from step 0.",
		"learn.badTrainer":     "Training cannot start with these settings: choose a learning rate above 0 and at most 10.",
		"learn.summary":        "What the model predicts: %s",

		"learn.curves":         "Loss and accuracy",
		"learn.curves.caption": "The loss is the mean cross-entropy of each step's batch; the accuracy is the share of the tokens of sequences never trained on that the model predicts right, measured every 10 steps.",
		"learn.loss":           "Loss",
		"learn.accuracy":       "Accuracy",
		"learn.steps":          "Steps",

		"learn.maps":         "Attention on the probe, at step 0 and now",
		"learn.maps.caption": "Rows are queries, columns keys, as in the other views. At step 0 the weights are random; the trained ones show the pattern the task needs.",
		"learn.layerHead":    "Layer %d, head %d",
		"learn.mapAt":        "%s, weights at step %d",
		"learn.before":       "Step 0",
		"learn.now":          "Step %d",

		"learn.probe":         "Probe sequence: words separated by spaces",
		"learn.probe.empty":   "Type a sequence in the task's words.",
		"learn.probe.long":    "The sequence is too long: the model has positions for %d words.",
		"learn.probe.unknown": "“%s” is not a word of this task.",
		"learn.input":         "Input",
		"learn.predicted":     "Predicted",
		"learn.layer":         "Layer",
		"learn.layer.n":       "Layer %d",
		"learn.openIn":        "Open this layer in",
		"learn.open.caption":  "Each view then shows this layer's trained Wq, Wk, Wv and Wo on the probe's embeddings (X, the layer's input: token and position embeddings, and in layer 2 the residual stream): the pipeline step by step, a weight worked out by hand when you click it, the probe beside a second sequence in the compare view, and the matrices to edit.",
		"learn.export":        "Download the model (JSON)",

		"task.previous":    "Previous token",
		"task.reverse":     "Reverse",
		"task.sort":        "Sort",
		"task.induction":   "Induction",
		"task.coreference": "Coreference",

		// The probe a task starts with, where it has one per language.
		"task.coreference.sample": "the animal didn't cross the street because it was too tired .",
		// The compare view's second sequence on the trained layer.
		"task.coreference.probe2": "the animal didn't cross the street because it was too wide .",

		"trained.label":    "The trained model's layer",
		"trained.bar":      "Layer %d of the model trained on “%s”, at step %d, on the probe “%s”: its trained weights, not random ones. The sentence and the settings do not apply here.",
		"trained.training": "Training: step %d of %d; the charts follow.",
		"trained.done":     "Trained for %d steps.",
		"trained.hint":     "Click a weight to work it out by hand.",
		"trained.back":     "Back to the Learn view",
		"trained.off":      "Show the sentence instead",
	},
	LangZH: {
		"view.learn": "训练",

		"learn.title":          "训练一个模型，看注意力如何学会",
		"learn.intro":          "一个只由注意力构成的小型变换器模型，从随机权重开始学习一个任务。按“训练”：下面探测序列上每个注意力头的权重会随着学习而变化，旁边是它们在第 0 步时的样子。",
		"learn.task":           "任务",
		"learn.lr":             "学习率",
		"learn.until":          "停在第几步",
		"learn.train":          "训练",
		"learn.pause":          "暂停",
		"learn.step":           "单步",
		"learn.reset":          "重置",
		"learn.status":         "第 %d 步，共 %d 步 · 损失 %s · 留出集准确率 %s",
		"learn.status.running": "训练中：第 %d 步，共 %d 步 · 损失 %s · 留出集准确率 %s",
		"learn.status.done":    "第 %d 步：训练停在第 %d 步（调高它可继续训练）· 损失 %s · 留出集准确率 %s",
		"learn.diverged":       "训练在第 %d 步发散：损失不再是有限的数，训练已停止。请降低学习率（现在是 %s），例如改为 %s；这会从第 0 步重新开始。",
		"learn.badTrainer":     "这些设置无法开始训练：请选择大于 0 且不超过 10 的学习率。",
		"learn.summary":        "模型要预测的是：%s",

		"learn.curves":         "损失与准确率",
		"learn.curves.caption": "损失是每一步那一批序列的平均交叉熵；准确率是模型在从未训练过的序列上预测对的词元所占的比例，每 10 步测一次。",
		"learn.loss":           "损失",
		"learn.accuracy":       "准确率",
		"learn.steps":          "步数",

		"learn.maps":         "探测序列上的注意力：第 0 步与现在",
		"learn.maps.caption": "行是查询，列是键，与其他视图相同。第 0 步时权重是随机的；训练后的权重显示出任务所需的模式。",
		"learn.layerHead":    "第 %d 层，第 %d 个头",
		"learn.mapAt":        "%s，第 %d 步的权重",
		"learn.before":       "第 0 步",
		"learn.now":          "第 %d 步",

		"learn.probe":         "探测序列：用空格分隔的词",
		"learn.probe.empty":   "请输入由这个任务的词组成的序列。",
		"learn.probe.long":    "序列太长：模型只有 %d 个位置。",
		"learn.probe.unknown": "“%s”不是这个任务的词。",
		"learn.input":         "输入",
		"learn.predicted":     "预测",
		"learn.layer":         "层",
		"learn.layer.n":       "第 %d 层",
		"learn.openIn":        "在以下视图中打开这一层",
		"learn.open.caption":  "所选视图会显示这一层训练后的 Wq、Wk、Wv 和 Wo 作用在探测序列的嵌入上（X 是这一层的输入：词元嵌入加位置嵌入，第 2 层还包括残差流）：流水线逐步展示，点击一个权重即可亲手算出它，对比视图把探测序列和第二个序列并排，矩阵视图可以编辑这些矩阵。",
		"learn.export":        "下载模型（JSON）",

		"task.previous":    "前一个词元",
		"task.reverse":     "倒序",
		"task.sort":        "排序",
		"task.induction":   "归纳",
		"task.coreference": "指代消解",

		"task.coreference.sample": "动物没有穿过街道，因为它太累了。",
		"task.coreference.probe2": "动物没有穿过街道，因为它太宽了。",

		"trained.label":    "训练后的模型的一层",
		"trained.bar":      "第 %d 层（在“%s”上训练到第 %d 步的模型），作用在探测序列“%s”上：这些是训练得到的权重，不是随机权重。句子和设置在这里不起作用。",
		"trained.training": "正在训练：第 %d 步，共 %d 步；图表会随之更新。",
		"trained.done":     "已训练 %d 步。",
		"trained.hint":     "点击一个权重，亲手算出它。",
		"trained.back":     "回到训练视图",
		"trained.off":      "改为显示句子",
	},
}
