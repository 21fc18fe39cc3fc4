import Pyverify.Basic
