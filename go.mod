module vireo

go 1.26
