"""The packages `pip install .` installs, found rather than listed (everything else is in
pyproject.toml): each package of kit/ and scorekeeper/, a new game's folder as soon as it holds
an __init__.py, and the top-level layouts/ folder, which pyproject.toml maps to kit.layouts.
pyproject.toml cannot say this itself: its `packages` is either a list or a search, and a
search finds no package named kit.layouts in a folder named layouts."""
from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["kit", "kit.*", "scorekeeper", "scorekeeper.*"]), "kit.layouts"])
