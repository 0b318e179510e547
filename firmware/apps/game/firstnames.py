# Common first names, for the guesses of the name entry (apps/game/names.py): the most
# common first (a guess offers the first that fits), one space between two names and one
# at each end, so " Ma" finds every name that begins with "Ma". About 1.9 KB: in flash on
# the UF2, and the entry's bytes copy is in RAM only while a name is typed.
# INITIALS: their first letters in small letters, the most frequent first (ties: the one
# met first), counted once here rather than on the device each time the entry opens (a
# scenario keeps it true).
INITIALS = "mljacesnpfhirktdovbgyzwxuq"
NAMES = (
    " Anna Emma Lucas Marie Paul Sophie Thomas Laura Ben Julia Max Sarah Leon David Lea "
    "Noah Maria Maximilian Felix Lisa Daniel Hannah Jonas Lena Louis Clara Elias Mia "
    "Luca Chloé Hugo Emily Liam Lina Finn Julie Tom Nina Jan Alice Leo Lara Tim Sofia "
    "Adam Eva Jakob Ella Oliver Léa Jules Amelie Nathan Camille Arthur Charlotte Gabriel "
    "Manon Martin Katharina Michael Luisa Simon Johanna Peter Sara Alexander Olivia "
    "Chloe Samuel Mila Henry Zoé Julian Lucy Moritz Ida Jack Nora Philipp Rosa Oscar Ava "
    "Theo Mathilde Antoine Grace Noé Inès Sebastian Marco Lotte Matteo Giulia Jonathan "
    "Pauline Harry Isabelle Florian Helena Lukas Amy Niklas Eric Frida Raphaël Lily "
    "Victor Louise Tobias Jade Andreas Anne Christian Claire Stefan Alex Sam Jean Pierre "
    "Nicolas Julien Maxime Mathis Enzo Ethan Mason James John George Charlie William "
    "Joseph Robert Richard Andrew Matthew Mark Chris Kevin Ryan Dylan Luke Joshua "
    "Benjamin Edward Fabian Dominik Kilian Marius Manuel Marcel Nico Pascal Rafael "
    "Valentin Vincent Xavier Yann Adrian Dennis Kai Erik Lars Sven Nils Ole Jens Hans "
    "Klaus Jürgen Uwe Frank Markus Thorsten Andrea Carlos Pablo Diego Javier Juan Pedro "
    "Mario Lorenzo Francesco Giovanni Antonio Alessandro Omar Ali Yusuf Ivan Igor Emil "
    "Anton Carl Karl Otto Paula Marta Carla Lucia Elena Chiara Valentina Francesca "
    "Martina Alba Carmen Ana Irene Silvia Ingrid Astrid Greta Maja Elisa Emilia Leonie "
    "Marlene Vanessa Jasmin Natalie Victoria Alexandra Caroline Catherine Diana Fiona "
    "Heidi Jenny Judith Kim Lucie Marina Mona Nadia Naomi Olga Pia Tanja Ursula Vera "
    "Yvonne Petra Sabine Monika Nicole Melanie Christine Michelle Rachel Rebecca Megan "
    "Holly Poppy Freya Isla Ellie Sienna Hanna Jana Fleur Sanne Femke Margaux Céline "
    "Nathalie Isabel Patricia Linda Susan Karen Helen Sandra Jessica Jennifer Kate "
    "Elizabeth Ruby Rose Eleanor Amelia Isabella Stella Luna Zoe Bella Bianca Bruno "
    "Boris Xenia Wanda Quentin Yara "
)
