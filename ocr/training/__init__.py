"""Training the handwriting recogniser: synthetic scoresheets, fonts, the cell data set and the training
loop. Not part of the installed package: run from the repository (`make train`)."""
