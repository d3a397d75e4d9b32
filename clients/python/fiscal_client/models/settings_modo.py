from enum import StrEnum

class SettingsModo(StrEnum):
    AUTOMATICA = "automatica"
    MANUAL = "manual"

    def __str__(self) -> str:
        return str(self.value)
